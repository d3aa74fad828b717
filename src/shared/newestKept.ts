/**
 * Sets `key` in `map` as its newest entry (a Map keeps its keys in the order they were set) and
 * drops the oldest entries past `capacity`: a cache that keeps what was used last.
 */
export function setAsNewest<K, V>(map: Map<K, V>, key: K, value: V, capacity: number): void {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= capacity) break;
    map.delete(oldest);
  }
}
