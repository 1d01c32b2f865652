// Seeded randomness for the scale data: every row is a pure function of (seed, stream, index), so a
// table can be written in any order, in several passes, and the same seed always gives the same data.

/** Mixes 32-bit words into one well-spread word (murmur3's finaliser over a running combination). */
function mix(a: number, b: number, c: number): number {
  let h = (a ^ Math.imul(b, 0x9e3779b1) ^ Math.imul(c + 0x632be5ab, 0x85ebca77)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A word in hex, `digits` long. */
function hex(value: number, digits: number): string {
  return value.toString(16).padStart(digits, '0');
}


/** A small fast generator (mulberry32) started from (seed, stream, index). */
export class Rng {
  private state: number;
  private readonly seedWord: number;
  private ids = 0;
  private prefix: string | undefined;

  constructor(
    seed: number,
    private readonly stream: number,
    private readonly index: number,
  ) {
    this.state = mix(seed, stream, index);
    this.seedWord = mix(seed, 0x5eed, 0);
  }

  /** A uniform 32-bit unsigned integer. */
  word(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A float in [0, 1). */
  float(): number {
    return this.word() / 4_294_967_296;
  }

  /** An integer in [min, max] (inclusive), for spans up to 2^53. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.float() < p;
  }

  /**
   * A version-4 UUID, unique by construction for (seed, stream, index, how many this generator made):
   * those fill 80 of its bits (a 32-bit state alone would repeat within a million orders), a random
   * word the rest. Ids of one load then share a prefix and grow with the index, which B-trees like.
   */
  uuid(): string {
    const n = this.ids;
    if (n > 0xfff || this.index > 0x3fffffff) throw new RangeError('too many ids for one generator');
    this.ids += 1;
    this.prefix ??= `${hex(this.seedWord, 8)}-${hex(this.stream, 4)}-`;
    return `${this.prefix}${hex(0x4000 | n, 4)}-${hex(0x8000 | (this.index >>> 16), 4)}-${hex(this.index & 0xffff, 4)}${hex(this.word(), 8)}`;
  }

  /** `length` characters drawn from an alphabet. */
  pick(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i += 1) out += alphabet[this.word() % alphabet.length];
    return out;
  }
}
