// A min-heap of items by due time, so the store visits only the clusters whose
// transition has run out instead of scanning every cluster on every request.
// Entries are never updated in place: rescheduling pushes a new entry, and the
// caller skips entries that no longer match the item's current due time.

export interface DueEntry<T> {
  due: number;
  item: T;
}

export class DueQueue<T> {
  private readonly heap: DueEntry<T>[] = [];

  get size(): number {
    return this.heap.length;
  }

  push(item: T, due: number): void {
    const heap = this.heap;
    heap.push({ due, item });
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]!.due <= heap[i]!.due) break;
      [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
      i = parent;
    }
  }

  /** Removes and returns every entry due at or before `now`, earliest first. */
  popDue(now: number): DueEntry<T>[] {
    const out: DueEntry<T>[] = [];
    while (this.heap.length > 0 && this.heap[0]!.due <= now) out.push(this.pop());
    return out;
  }

  private pop(): DueEntry<T> {
    const heap = this.heap;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length === 0) return top;
    heap[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < heap.length && heap[left]!.due < heap[least]!.due) least = left;
      if (right < heap.length && heap[right]!.due < heap[least]!.due) least = right;
      if (least === i) break;
      [heap[least], heap[i]] = [heap[i]!, heap[least]!];
      i = least;
    }
    return top;
  }
}
