package dev.switchboard.runtime;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * Reads the constant pool of a class file (JVMS §4.4) and lists its references to reflection.
 *
 * <p>Every class that contains a lambda, a method reference, a string concatenation or a record
 * carries, because of how javac compiles those, constants that name {@code java/lang/invoke}: the
 * {@code invokedynamic} bootstrap method (for example {@code LambdaMetafactory.metafactory}, whose
 * descriptor starts with {@code Ljava/lang/invoke/MethodHandles$Lookup;}) and an
 * {@code InnerClasses} entry for {@code MethodHandles$Lookup} (with outer class
 * {@code MethodHandles}) that javac adds because that descriptor names a nested class. The JVM,
 * not our code, calls the bootstrap, so these are not reflection. Exactly those constants are
 * exempt: the bootstrap method handles of {@link #JAVAC_BOOTSTRAPS} and the {@code InnerClasses}
 * entry of {@code MethodHandles$Lookup}, with what they refer to. A constant stays forbidden as
 * soon as anything else refers to it too (code calling {@code MethodHandles.lookup()} refers to
 * the same {@code MethodHandles} class constant), and bootstrap <em>arguments</em> are not exempt,
 * so a method reference to a reflective method is still caught.
 *
 * <p>The scan does not decode bytecode: an instruction that points straight at an exempt constant
 * (a {@code checkcast} to {@code MethodHandles.Lookup}, say) is missed, but any way of obtaining a
 * lookup or a reflective object leaves a non-exempt reference behind.
 */
final class ConstantPoolScan {
    /** Bootstrap classes javac emits invokedynamic for in Java 17+ code. */
    static final Set<String> JAVAC_BOOTSTRAPS = Set.of(
            "java/lang/invoke/LambdaMetafactory",
            "java/lang/invoke/StringConcatFactory",
            "java/lang/runtime/ObjectMethods",
            "java/lang/runtime/SwitchBootstraps");

    /** Referring to these (as a class, or inside any descriptor or signature) is reflection. */
    static final List<String> FORBIDDEN_NAMES = List.of("java/lang/reflect/", "java/lang/invoke/MethodHandles");

    /** Methods of {@code java.lang.Class} that look members up or create instances by name. */
    static final Set<String> FORBIDDEN_CLASS_METHODS = Set.of(
            "forName",
            "newInstance",
            "getMethod",
            "getMethods",
            "getDeclaredMethod",
            "getDeclaredMethods",
            "getField",
            "getFields",
            "getDeclaredField",
            "getDeclaredFields",
            "getConstructor",
            "getConstructors",
            "getDeclaredConstructor",
            "getDeclaredConstructors");

    private static final String LOOKUP = "java/lang/invoke/MethodHandles$Lookup";

    // Constant pool tags (JVMS table 4.4-B).
    private static final int UTF8 = 1;
    private static final int INTEGER = 3;
    private static final int FLOAT = 4;
    private static final int LONG = 5;
    private static final int DOUBLE = 6;
    private static final int CLASS = 7;
    private static final int STRING = 8;
    private static final int FIELDREF = 9;
    private static final int METHODREF = 10;
    private static final int INTERFACE_METHODREF = 11;
    private static final int NAME_AND_TYPE = 12;
    private static final int METHOD_HANDLE = 15;
    private static final int METHOD_TYPE = 16;
    private static final int DYNAMIC = 17;
    private static final int INVOKE_DYNAMIC = 18;
    private static final int MODULE = 19;
    private static final int PACKAGE = 20;

    private final int[] tags;
    private final int[][] refs;
    private final String[] utf8;
    private final BitSet exempt = new BitSet();

    private ConstantPoolScan(DataInputStream in) throws IOException {
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.readUnsignedShort(); // minor version
        in.readUnsignedShort(); // major version
        int count = in.readUnsignedShort();
        tags = new int[count];
        refs = new int[count][];
        utf8 = new String[count];
        for (int i = 1; i < count; i++) {
            if (readConstant(in, i)) {
                i++; // longs and doubles take two slots
            }
        }
        in.readUnsignedShort(); // access flags
        in.readUnsignedShort(); // this class
        in.readUnsignedShort(); // super class
        in.skipNBytes(2L * in.readUnsignedShort()); // interfaces
        skipMembers(in); // fields
        skipMembers(in); // methods
        readClassAttributes(in);
    }

    /**
     * Lists the forbidden references of one class file.
     *
     * @param classFile the bytes of a {@code .class} file
     * @return one line per forbidden constant, empty if there is none
     */
    static List<String> violations(byte[] classFile) throws IOException {
        return new ConstantPoolScan(new DataInputStream(new ByteArrayInputStream(classFile))).violations();
    }

    private boolean readConstant(DataInputStream in, int i) throws IOException {
        int tag = in.readUnsignedByte();
        tags[i] = tag;
        switch (tag) {
            case UTF8 -> utf8[i] = in.readUTF();
            case INTEGER, FLOAT -> in.readInt();
            case LONG, DOUBLE -> {
                in.readLong();
                return true;
            }
            case CLASS, STRING, METHOD_TYPE, MODULE, PACKAGE -> refs[i] = new int[] {in.readUnsignedShort()};
            case FIELDREF, METHODREF, INTERFACE_METHODREF, NAME_AND_TYPE ->
                refs[i] = new int[] {in.readUnsignedShort(), in.readUnsignedShort()};
            case METHOD_HANDLE -> {
                in.readUnsignedByte(); // reference kind
                refs[i] = new int[] {in.readUnsignedShort()};
            }
            case DYNAMIC, INVOKE_DYNAMIC -> {
                in.readUnsignedShort(); // index into BootstrapMethods, not into the pool
                refs[i] = new int[] {in.readUnsignedShort()};
            }
            default -> throw new IOException("unknown constant pool tag " + tag + " at " + i);
        }
        return false;
    }

    private static void skipMembers(DataInputStream in) throws IOException {
        int count = in.readUnsignedShort();
        for (int m = 0; m < count; m++) {
            in.skipNBytes(6); // access flags, name, descriptor
            skipAttributes(in, in.readUnsignedShort());
        }
    }

    private static void skipAttributes(DataInputStream in, int count) throws IOException {
        for (int a = 0; a < count; a++) {
            in.readUnsignedShort();
            in.skipNBytes(Integer.toUnsignedLong(in.readInt()));
        }
    }

    private void readClassAttributes(DataInputStream in) throws IOException {
        int count = in.readUnsignedShort();
        for (int a = 0; a < count; a++) {
            String name = utf8[in.readUnsignedShort()];
            long length = Integer.toUnsignedLong(in.readInt());
            if (name.equals("BootstrapMethods")) {
                readBootstrapMethods(in);
            } else if (name.equals("InnerClasses")) {
                readInnerClasses(in);
            } else {
                in.skipNBytes(length);
            }
        }
    }

    private void readBootstrapMethods(DataInputStream in) throws IOException {
        int count = in.readUnsignedShort();
        for (int b = 0; b < count; b++) {
            int handle = in.readUnsignedShort();
            in.skipNBytes(2L * in.readUnsignedShort()); // the arguments are not exempt
            int owner = refs[refs[handle][0]][0]; // MethodHandle -> Methodref -> Class
            if (JAVAC_BOOTSTRAPS.contains(className(owner))) {
                exempt.set(handle);
            }
        }
    }

    private void readInnerClasses(DataInputStream in) throws IOException {
        int count = in.readUnsignedShort();
        for (int c = 0; c < count; c++) {
            int inner = in.readUnsignedShort();
            int outer = in.readUnsignedShort();
            int innerName = in.readUnsignedShort();
            in.readUnsignedShort(); // access flags
            if (LOOKUP.equals(className(inner))) {
                exempt.set(inner);
                exempt.set(outer);
                exempt.set(innerName);
            }
        }
    }

    private String className(int classIndex) {
        return utf8[refs[classIndex][0]];
    }

    private List<String> violations() {
        BitSet exemptClosure = closure(exempt);
        BitSet roots = new BitSet();
        for (int i = 1; i < tags.length; i++) {
            if (tags[i] != 0 && !exemptClosure.get(i)) {
                roots.set(i);
            }
        }
        BitSet used = closure(roots);
        List<String> out = new ArrayList<>();
        for (int i = used.nextSetBit(0); i >= 0; i = used.nextSetBit(i + 1)) {
            if (tags[i] == UTF8 && FORBIDDEN_NAMES.stream().anyMatch(utf8[i]::contains)) {
                out.add("refers to " + utf8[i]);
            } else if (tags[i] == METHODREF || tags[i] == INTERFACE_METHODREF) {
                String owner = className(refs[i][0]);
                String method = utf8[refs[refs[i][1]][0]];
                if ((owner.equals("java/lang/Class") && FORBIDDEN_CLASS_METHODS.contains(method))
                        || (owner.equals("java/lang/ClassLoader") && method.equals("loadClass"))) {
                    out.add("calls " + owner + "." + method);
                }
            }
        }
        return out;
    }

    private BitSet closure(BitSet start) {
        BitSet seen = (BitSet) start.clone();
        Deque<Integer> todo = new ArrayDeque<>();
        start.stream().forEach(todo::push);
        while (!todo.isEmpty()) {
            int[] next = refs[todo.pop()];
            if (next == null) {
                continue;
            }
            for (int n : next) {
                if (!seen.get(n)) {
                    seen.set(n);
                    todo.push(n);
                }
            }
        }
        return seen;
    }
}
