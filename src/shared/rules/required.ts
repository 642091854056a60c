/** True when every value still has text after trimming. */
export function hasAllRequired(...values: string[]): boolean {
  return values.every((value) => value.trim() !== '');
}
