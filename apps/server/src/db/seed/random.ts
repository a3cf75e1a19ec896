// A small seeded random source, so that the same seed always yields the same data. sfc32 rather
// than mulberry32: mulberry32's 32-bit state means streams seeded differently are one sequence at
// different offsets, and with hundreds of streams of millions of draws some would overlap and
// repeat call ids.

/** cyrb128: spreads a string over four 32-bit seeds. */
function seedFromString(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    [this.a, this.b, this.c, this.d] = seedFromString(seed);
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** sfc32. */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Picks an index with probability proportional to its weight. */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const weight of weights) total += weight;
    let target = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      target -= weights[i] ?? 0;
      if (target < 0) return i;
    }
    return weights.length - 1;
  }

  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(this.int(0, 9));
    return out;
  }

  /** `words` × 8 hex digits. */
  hex(words: number): string {
    let out = '';
    for (let i = 0; i < words; i++) out += word(this.nextUint32());
    return out;
  }

  /** A random (version 4, RFC 9562 variant) UUID drawn from this stream. */
  uuid(): string {
    const a = this.nextUint32();
    const b = this.nextUint32();
    const c = this.nextUint32();
    const d = this.nextUint32();
    const version = (b & 0xffff0fff) | 0x00004000;
    const variant = (c & 0x3fffffff) | 0x80000000;
    return `${word(a)}-${word(version).slice(0, 4)}-${word(version).slice(4)}-${word(variant).slice(0, 4)}-${word(variant).slice(4)}${word(d)}`;
  }
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Eight hex digits; a table lookup, as this runs millions of times in a large seed. */
function word(value: number): string {
  return `${HEX[value >>> 24] ?? ''}${HEX[(value >>> 16) & 0xff] ?? ''}${HEX[(value >>> 8) & 0xff] ?? ''}${HEX[value & 0xff] ?? ''}`;
}

/** Picks indexes in proportion to fixed weights; cheaper than weightedIndex when reused. */
export class WeightedChoice {
  private readonly cumulative: number[] = [];
  private readonly total: number;

  constructor(weights: readonly number[]) {
    let total = 0;
    for (const weight of weights) {
      total += weight;
      this.cumulative.push(total);
    }
    this.total = total;
  }

  pick(random: SeededRandom): number {
    const target = random.next() * this.total;
    const cumulative = this.cumulative;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((cumulative[middle] ?? 0) > target) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}
