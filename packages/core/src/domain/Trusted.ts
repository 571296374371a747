/**
 * An instance of a `Schema.Class` built from fields known to be valid: rows checked against the
 * class's schema, or values assembled from other instances. It is what `new C(fields, true)` builds
 * for the classes it is used with, which declare no defaults (a test holds every one of them to
 * that), without the constructor's generic work: a copy of the fields and a walk over the class's
 * fields looking for defaults, which took five times as long as the assignment itself. A list page
 * of 100 repositories builds about 1 200 instances, and the constructor was its largest cost in
 * Node (docs/benchmarks.md, "2026-11-24 (second session)", change 3).
 */
export const trusted = <K extends new (...args: never) => object>(
  klass: K,
  fields: ConstructorParameters<K>[0]
): InstanceType<K> => Object.assign(Object.create(klass.prototype as object) as object, fields) as InstanceType<K>
