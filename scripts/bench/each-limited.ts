/** Runs `task` on every item, at most `width` at a time, and answers the results in the items' order. */
export async function eachLimited<T, R>(
  items: readonly T[],
  width: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await task(items[index] as T);
  };
  await Promise.all(Array.from({ length: Math.max(1, width) }, worker));
  return results;
}
