/**
 * Bounds a Map kept in insertion order (oldest first): once it holds more than `max` entries, the
 * oldest go, an eighth of `max` more than needed at once.
 *
 * Why not `map.delete(map.keys().next().value)` per insertion: V8 leaves a deleted entry as a hole
 * until the table is rebuilt, and a new iterator walks every hole from the start, so at a steady size
 * each eviction costs time in proportion to the map. Measured at 65,536 entries: 27 µs an insertion,
 * against 0.8 µs this way, where one walk pays for max/8 evictions.
 */
export function evictOldest<K, V>(map: Map<K, V>, max: number): void {
  if (map.size <= max) return;
  let drop = map.size - max + Math.ceil(max / 8);
  // Deleting the entry an iterator is on is allowed: it goes on to the next one.
  for (const key of map.keys()) {
    if (drop-- <= 0) break;
    map.delete(key);
  }
}
