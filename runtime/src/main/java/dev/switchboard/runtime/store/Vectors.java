package dev.switchboard.runtime.store;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * Exact vector search, shared by the stores: vectors are stored normalized to unit length, so the
 * cosine similarity of a stored vector and a query is their dot product; an item's score is its
 * best vector's. An approximate index (HNSW, pgvector) would replace {@link #rank} for large stores;
 * everything else stays. For store implementations.
 */
public final class Vectors {
    private Vectors() {}

    /**
     * A copy scaled to unit length; an all-zero vector stays zero (it scores 0 against anything).
     *
     * @param v the vector
     * @return the normalized copy
     */
    public static float[] normalize(float[] v) {
        double sum = 0;
        for (float x : v) {
            sum += (double) x * x;
        }
        float[] out = new float[v.length];
        if (sum == 0) {
            return out;
        }
        double norm = Math.sqrt(sum);
        for (int i = 0; i < v.length; i++) {
            out[i] = (float) (v[i] / norm);
        }
        return out;
    }

    /**
     * The dot product.
     *
     * @param a a vector
     * @param b a vector of the same length
     * @return the dot product
     */
    public static double dot(float[] a, float[] b) {
        return dot(a, 0, b, a.length);
    }

    /**
     * The dot product of a query and a vector stored in a block. Four partial sums instead of one
     * let the CPU overlap the additions: a store scores thousands of vectors per search.
     */
    private static double dot(float[] block, int at, float[] q, int dims) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int i = 0;
        for (; i + 3 < dims; i += 4) {
            s0 += (double) block[at + i] * q[i];
            s1 += (double) block[at + i + 1] * q[i + 1];
            s2 += (double) block[at + i + 2] * q[i + 2];
            s3 += (double) block[at + i + 3] * q[i + 3];
        }
        for (; i < dims; i++) {
            s0 += (double) block[at + i] * q[i];
        }
        return (s0 + s1) + (s2 + s3);
    }

    /**
     * The best score of an item's vectors against a normalized query.
     *
     * @param vectors the item's normalized vectors, not empty
     * @param query the normalized query
     * @return the highest cosine similarity
     */
    public static double best(List<float[]> vectors, float[] query) {
        double best = Double.NEGATIVE_INFINITY;
        for (float[] v : vectors) {
            best = Math.max(best, dot(v, query));
        }
        return best;
    }

    /**
     * The best score against a normalized query of {@code count} vectors stored side by side in a
     * block, as {@link #best(List, float[])} scores them: how an in-memory index of many items keeps
     * its vectors in one array.
     *
     * @param block the vectors of many items
     * @param offset where this item's first vector starts
     * @param count how many vectors it has, at least one
     * @param dims the length of each vector, and of the query
     * @param query the normalized query
     * @return the highest cosine similarity
     */
    public static double best(float[] block, int offset, int count, int dims, float[] query) {
        double best = Double.NEGATIVE_INFINITY;
        for (int v = 0, at = offset; v < count; v++, at += dims) {
            best = Math.max(best, dot(block, at, query, dims));
        }
        return best;
    }

    /**
     * Little-endian float32 bytes, how the SQL stores keep vectors.
     *
     * @param v the vector
     * @return its bytes
     */
    public static byte[] toBytes(float[] v) {
        ByteBuffer b = ByteBuffer.allocate(v.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        b.asFloatBuffer().put(v);
        return b.array();
    }

    /**
     * The vector of {@link #toBytes} bytes.
     *
     * @param bytes the bytes
     * @return the vector
     */
    public static float[] fromBytes(byte[] bytes) {
        float[] v = new float[bytes.length / Float.BYTES];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(v);
        return v;
    }

    /**
     * A candidate with its score.
     *
     * @param candidate the candidate
     * @param score its score
     * @param <T> the candidate type
     */
    public record Scored<T>(T candidate, double score) {}

    /**
     * Ranks candidates by descending score, keeping their given order among equal scores.
     *
     * @param candidates the candidates in the store's natural order
     * @param vectors each candidate's normalized vectors, not empty
     * @param query the normalized query
     * @param <T> the candidate type
     * @return the ranked candidates
     */
    public static <T> List<Scored<T>> rank(List<T> candidates, Function<T, List<float[]>> vectors, float[] query) {
        List<Scored<T>> out = new ArrayList<>(candidates.size());
        for (T c : candidates) {
            out.add(new Scored<>(c, best(vectors.apply(c), query)));
        }
        out.sort(Comparator.comparingDouble((Scored<T> s) -> s.score).reversed());
        return out;
    }
}
