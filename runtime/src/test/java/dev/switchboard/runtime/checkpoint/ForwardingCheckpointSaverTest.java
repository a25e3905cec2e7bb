package dev.switchboard.runtime.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Every operation of the SPI, the ones with a default included, reaches the delegate as the same
 * operation: a method added to {@link CheckpointSaver} later and not forwarded fails here.
 */
class ForwardingCheckpointSaverTest {
    private static final class PassThrough extends ForwardingCheckpointSaver {
        PassThrough(CheckpointSaver delegate) {
            super(delegate);
        }
    }

    @Test
    void everyOperationReachesTheDelegateAsTheSameOperationWithTheSameArguments() throws Exception {
        List<String> calls = new ArrayList<>();
        List<Object[]> arguments = new ArrayList<>();
        CheckpointSaver recorder = (CheckpointSaver) Proxy.newProxyInstance(
                CheckpointSaver.class.getClassLoader(), new Class<?>[] {CheckpointSaver.class}, (proxy, m, args) -> {
                    calls.add(m.getName() + Arrays.toString(m.getParameterTypes()));
                    arguments.add(args);
                    return answer(m.getReturnType());
                });
        CheckpointSaver saver = new PassThrough(recorder);
        List<Method> operations = Arrays.stream(CheckpointSaver.class.getMethods())
                .filter(m -> !Modifier.isStatic(m.getModifiers()))
                .sorted(Comparator.comparing(Method::toString))
                .toList();
        assertEquals(14, operations.size(), "the SPI's operations: " + operations);
        for (Method m : operations) {
            calls.clear();
            arguments.clear();
            Object[] args = sample(m.getParameterTypes());
            m.invoke(saver, args);
            assertEquals(List.of(m.getName() + Arrays.toString(m.getParameterTypes())), calls, m.getName());
            assertEquals(Arrays.asList(args), Arrays.asList(arguments.get(0)), m.getName());
        }
    }

    private static Object answer(Class<?> type) {
        if (type == int.class) {
            return 0;
        }
        if (type == Optional.class) {
            return Optional.empty();
        }
        if (type == List.class) {
            return List.of();
        }
        return null;
    }

    /**
     * Distinct stand-ins per parameter, so a swapped argument shows; records and the query are
     * passed as null, which a forwarding saver hands on as it is.
     */
    private static Object[] sample(Class<?>[] types) {
        Object[] args = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            if (types[i] == String.class) {
                args[i] = "arg" + i;
            } else if (types[i] == int.class) {
                args[i] = i + 1;
            } else if (types[i] == Instant.class) {
                args[i] = Instant.ofEpochSecond(i);
            } else if (types[i] == List.class) {
                args[i] = List.of(i);
            } else if (types[i] == Map.class) {
                args[i] = Map.of("k", i);
            }
        }
        return args;
    }
}
