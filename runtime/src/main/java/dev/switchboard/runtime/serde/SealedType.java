package dev.switchboard.runtime.serde;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A sealed interface stored in checkpoints and the closed set of records it may hold, each under a
 * tag. The processor derives the table from the {@code permits} clause at compile time (the tag is
 * the record's simple name, or the value of its {@code @Tag}) and the generated channel map declares
 * it; a stored value carries its tag in an {@code "@type"} property, never a class name, and a tag
 * outside the table is a decoding error. Renaming a record therefore changes its tag: keep the old
 * one with {@code @Tag("OldName")}, or list it in {@code @Tag(aliases)}, so checkpoints written
 * before the rename still read back.
 * Immutable.
 */
public final class SealedType {
    /** The JSON property that holds the tag. */
    public static final String TAG_PROPERTY = "@type";

    private final Class<?> base;
    private final Map<String, Class<?>> variants;
    private final Map<String, Class<?>> aliases;

    private SealedType(Class<?> base, Map<String, Class<?>> variants, Map<String, Class<?>> aliases) {
        this.base = base;
        this.variants = variants;
        this.aliases = aliases;
    }

    /**
     * A sealed type with no variants yet.
     *
     * @param base the sealed interface
     * @return the type
     */
    public static SealedType of(Class<?> base) {
        return new SealedType(Objects.requireNonNull(base, "base"), Map.of(), Map.of());
    }

    /**
     * This type with one more variant.
     *
     * @param tag the stored tag of the variant
     * @param variant a record implementing the base
     * @return a new type
     * @throws IllegalArgumentException if the tag is empty or already used, or the variant does not
     *     implement the base
     */
    public SealedType with(String tag, Class<?> variant) {
        check(tag, variant);
        return new SealedType(base, plus(variants, tag, variant), aliases);
    }

    /**
     * This type with one more tag read as a variant it has: a tag older checkpoints stored that
     * variant (or a removed one) under ({@code @Tag(aliases)}). Values are still written with the
     * variant's own tag.
     *
     * @param alias the further tag
     * @param variant a variant of this type
     * @return a new type
     * @throws IllegalArgumentException if the alias is empty or already used, or the variant is
     *     not one of this type's
     */
    public SealedType withAlias(String alias, Class<?> variant) {
        check(alias, variant);
        if (!variants.containsValue(variant)) {
            throw new IllegalArgumentException(variant.getName() + " is no variant of " + base.getName());
        }
        return new SealedType(base, variants, plus(aliases, alias, variant));
    }

    private void check(String tag, Class<?> variant) {
        Objects.requireNonNull(tag, "tag");
        Objects.requireNonNull(variant, "variant");
        Class<?> used = variants.containsKey(tag) ? variants.get(tag) : aliases.get(tag);
        if (tag.isEmpty() || used != null) {
            throw new IllegalArgumentException("tag \"" + tag + "\" of " + variant.getSimpleName() + " is "
                    + (tag.isEmpty() ? "empty" : "already used by " + used.getSimpleName()));
        }
        if (!base.isAssignableFrom(variant)) {
            throw new IllegalArgumentException(variant.getName() + " does not implement " + base.getName());
        }
    }

    private static Map<String, Class<?>> plus(Map<String, Class<?>> map, String tag, Class<?> variant) {
        Map<String, Class<?>> more = new LinkedHashMap<>(map);
        more.put(tag, variant);
        return java.util.Collections.unmodifiableMap(more);
    }

    /**
     * The sealed interface.
     *
     * @return the base type
     */
    public Class<?> base() {
        return base;
    }

    /**
     * The variants by tag, in declaration order.
     *
     * @return an unmodifiable map
     */
    public Map<String, Class<?>> variants() {
        return variants;
    }

    /**
     * The further tags read as variants ({@link #withAlias}), in declaration order.
     *
     * @return an unmodifiable map from alias to variant
     */
    public Map<String, Class<?>> aliases() {
        return aliases;
    }

    @Override
    public String toString() {
        return base.getSimpleName() + variants.keySet();
    }
}
