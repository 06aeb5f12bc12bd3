/**
 * A compact multimap from 31-bit hashes to record ids: open addressing over two Int32Arrays, about
 * 16 bytes an entry at the load it keeps (a Map of the same entries takes about 40, and doubling a
 * Map of a million entries briefly holds both tables). Entries with equal hashes (one key seen
 * twice, or two keys that collide) are all kept and come back lowest id first — the record created
 * first.
 */
export class IdTable {
  private hashes: Int32Array;
  /** 0 marks a free slot: ids are positive */
  private ids: Int32Array;
  private count = 0;

  constructor(capacity = 1024) {
    this.hashes = new Int32Array(capacity);
    this.ids = new Int32Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  add(hash: number, id: number): void {
    if (!Number.isInteger(id) || id <= 0 || id > 0x7fffffff) throw new RangeError(`not a record id: ${id}`);
    if ((this.count + 1) * 2 > this.ids.length) this.grow();
    this.put(hash | 0, id);
    this.count++;
  }

  /** Every id added under `hash`, lowest first. */
  find(hash: number): number[] {
    const h = hash | 0;
    const mask = this.ids.length - 1;
    const out: number[] = [];
    for (let i = this.slot(h); this.ids[i] !== 0; i = (i + 1) & mask) {
      if (this.hashes[i] === h) out.push(this.ids[i] as number);
    }
    return out.sort((a, b) => a - b);
  }

  private slot(h: number): number {
    // the low bits of a multiplicative mix, so that nearby hashes spread out
    return (Math.imul(h, 0x9e3779b1) >>> 0) & (this.ids.length - 1);
  }

  private put(h: number, id: number): void {
    const mask = this.ids.length - 1;
    let i = this.slot(h);
    while (this.ids[i] !== 0) i = (i + 1) & mask;
    this.hashes[i] = h;
    this.ids[i] = id;
  }

  private grow(): void {
    const { hashes, ids } = this;
    this.hashes = new Int32Array(ids.length * 2);
    this.ids = new Int32Array(ids.length * 2);
    for (let i = 0; i < ids.length; i++) if (ids[i] !== 0) this.put(hashes[i] as number, ids[i] as number);
  }
}
