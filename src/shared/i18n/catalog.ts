/**
 * The shape a translation must have: the English catalog with every literal
 * widened to string, so a Hindi object of this type can replace it with no
 * screen rewritten.
 */
export type Catalog<T> = {
  readonly [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends (...args: infer A) => string
      ? (...args: A) => string
      : Catalog<T[K]>;
};
