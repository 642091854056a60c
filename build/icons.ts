/**
 * Draws the portal's icons (a white T sprouting a leaf on the brand blue) as
 * real PNGs with no image library: shapes are signed distance functions,
 * sampled 4x4 per pixel for smooth edges, written with node:zlib.
 * Run `npx tsx build/icons.ts` after changing the mark; the PNGs are committed.
 */
import { writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];
type Shape = (x: number, y: number) => number;

const BRAND: Rgb = [0x0f, 0x5f, 0x8c];
const WHITE: Rgb = [0xff, 0xff, 0xff];
const SAMPLES = 4;

function roundedRect(left: number, top: number, right: number, bottom: number, radius: number): Shape {
  const cx = (left + right) / 2;
  const cy = (top + bottom) / 2;
  const hx = (right - left) / 2 - radius;
  const hy = (bottom - top) / 2 - radius;
  return (x, y) => {
    const dx = Math.max(Math.abs(x - cx) - hx, 0);
    const dy = Math.max(Math.abs(y - cy) - hy, 0);
    return Math.hypot(dx, dy) - radius;
  };
}

/** A leaf: the overlap of two discs, turned by `angle` radians around its centre. */
function leaf(cx: number, cy: number, length: number, width: number, angle: number): Shape {
  const radius = (length * length + width * width) / (4 * width);
  const offset = radius - width / 2;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return (x, y) => {
    const u = (x - cx) * cos + (y - cy) * sin;
    const v = -(x - cx) * sin + (y - cy) * cos;
    return Math.max(Math.hypot(u, v - offset) - radius, Math.hypot(u, v + offset) - radius);
  };
}

const union =
  (...shapes: Shape[]): Shape =>
  (x, y) =>
    Math.min(...shapes.map((shape) => shape(x, y)));

/** The mark in a unit square, centred on (0.5, 0.5). */
const MARK = union(
  roundedRect(0.24, 0.22, 0.76, 0.34, 0.05),
  roundedRect(0.44, 0.22, 0.56, 0.8, 0.05),
  leaf(0.67, 0.53, 0.26, 0.12, -Math.PI / 5),
);

interface IconSpec {
  file: string;
  size: number;
  /** Corner radius of the blue tile as a share of the size; 0 fills the square (maskable, Apple). */
  corner: number;
  /** How large the mark is drawn: maskable icons keep it inside the central safe zone. */
  markScale: number;
}

const ICONS: IconSpec[] = [
  { file: 'public/icons/icon-192.png', size: 192, corner: 0.22, markScale: 1 },
  { file: 'public/icons/icon-512.png', size: 512, corner: 0.22, markScale: 1 },
  { file: 'public/icons/icon-512-maskable.png', size: 512, corner: 0, markScale: 0.78 },
  { file: 'public/icons/favicon-32.png', size: 32, corner: 0.22, markScale: 1.1 },
  { file: 'public/apple-touch-icon.png', size: 180, corner: 0, markScale: 0.9 },
];

function render({ size, corner, markScale }: IconSpec): Buffer {
  const tile = roundedRect(0, 0, 1, 1, corner);
  const rowBytes = size * 4 + 1;
  const pixels = Buffer.alloc(rowBytes * size);
  for (let py = 0; py < size; py++) {
    pixels[py * rowBytes] = 0; // PNG filter: none
    for (let px = 0; px < size; px++) {
      let tileCover = 0;
      let markCover = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) / size;
          const y = (py + (sy + 0.5) / SAMPLES) / size;
          if (tile(x, y) > 0) continue;
          tileCover += 1;
          if (MARK(0.5 + (x - 0.5) / markScale, 0.5 + (y - 0.5) / markScale) <= 0) markCover += 1;
        }
      }
      const mix = tileCover === 0 ? 0 : markCover / tileCover;
      const at = py * rowBytes + 1 + px * 4;
      const blend = (from: number, to: number) => Math.round(from * (1 - mix) + to * mix);
      pixels[at] = blend(BRAND[0], WHITE[0]);
      pixels[at + 1] = blend(BRAND[1], WHITE[1]);
      pixels[at + 2] = blend(BRAND[2], WHITE[2]);
      pixels[at + 3] = Math.round((255 * tileCover) / (SAMPLES * SAMPLES));
    }
  }
  return pixels;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

function png(size: number, pixels: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(6, 9); // colour type: RGBA
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const icon of ICONS) {
  writeFileSync(icon.file, png(icon.size, render(icon)));
  console.log(`wrote ${icon.file} (${icon.size}x${icon.size})`);
}
