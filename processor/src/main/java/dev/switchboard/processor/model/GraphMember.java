package dev.switchboard.processor.model;

import javax.lang.model.type.TypeMirror;

/**
 * A type named by a {@code @Graph} member.
 *
 * @param member the member: {@code state}, {@code input}, {@code output} or {@code privateState}
 * @param type the type it names
 */
public record GraphMember(String member, TypeMirror type) {}
