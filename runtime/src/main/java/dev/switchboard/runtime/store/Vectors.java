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
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (double) a[i] * b[i];
        }
        return s;
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
