// Draws the seeded machine and brand images into apps/platform/media (committed output).
// Machines get SVG cabinets; each brand gets the PNG fallback SPEC §3 names: /assets/machines/{brand}.png.
// Run: node --import tsx scripts/make-machine-images.mjs
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { brandsToSeed } from '../apps/platform/src/seed/demo-data.ts';

const out = path.resolve('apps/platform/media');
fs.mkdirSync(out, { recursive: true });

for (const brand of brandsToSeed) {
  fs.writeFileSync(path.join(out, `${brand.name.toLowerCase()}.png`), png(320, 240, brand.colors));
  brand.machines.forEach((name, i) => {
    fs.writeFileSync(path.join(out, `${slug(name)}.svg`), cabinet(name, brand, i));
  });
}
console.log(`images written to ${out}`);

function slug(name) {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/**
 * A cabinet drawn from shapes only: no <text>. Each SVG picture is a document of its own that the browser
 * lays out and paints on the page's main thread, and text in it costs font look-ups and shaping there: in a
 * phone-sized lobby at 4x CPU, the twelve pictures with their names, brands and reel symbols as text took
 * some 350 ms more paint than the same pictures without the text (docs/benchmarks.md). The card shows the
 * machine's name and brand beside the picture; the picture's own label stays for a reader of the file.
 */
function cabinet(name, brand, i) {
  const [a, b] = brand.colors.map((c) => `rgb(${c.join(',')})`);
  const reel = (x, k) => `<rect x="${x}" y="92" width="64" height="84" rx="6" fill="#fff"/>${symbol((i + k) % 6, x + 32, 134)}`;
  // Marquee lights along the top, the reels' symbols, and a spin button with a play mark.
  const lights = Array.from(
    { length: 9 },
    (_, k) => `<circle cx="${64 + k * 24}" cy="${k % 2 ? 58 : 46}" r="5" fill="#ffd54f" opacity="${k % 2 ? '.6' : '.95'}"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240" role="img" aria-label="${name}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="320" height="240" rx="16" fill="url(#g)"/>
<rect x="40" y="24" width="240" height="56" rx="14" fill="#000" opacity=".25"/>${lights.join('')}
${[52, 128, 204].map((x, k) => reel(x, k)).join('')}
<rect x="40" y="196" width="240" height="24" rx="12" fill="#000" opacity=".35"/>
<path d="M154 201v14l12-7z" fill="#ffd54f"/>
</svg>
`;
}

/** The reels' `k`th symbol (of six: seven, bar, star, coin, diamond, cherries) around a centre (x, y). */
function symbol(k, x, y) {
  switch (k) {
    case 0:
      return `<path d="M${x - 14} ${y - 18}h28l-15 36" fill="none" stroke="#c62828" stroke-width="7" stroke-linejoin="round"/>`;
    case 1:
      return `<rect x="${x - 23}" y="${y - 10}" width="46" height="20" rx="3" fill="#222"/><rect x="${x - 17}" y="${y - 2}" width="34" height="4" fill="#fff"/>`;
    case 2:
      return `<path d="${star(x, y)}" fill="#f9a825"/>`;
    case 3:
      return `<circle cx="${x}" cy="${y}" r="16" fill="#fbc02d" stroke="#e65100" stroke-width="3"/>`;
    case 4:
      return `<path d="M${x} ${y - 20}l14 20-14 20-14-20z" fill="#d81b60"/>`;
    default:
      return `<path d="M${x - 8} ${y + 4}q4-22 16-24m-8 24q0-14 8-24" fill="none" stroke="#2e7d32" stroke-width="3"/><circle cx="${x - 9}" cy="${y + 8}" r="8" fill="#c62828"/><circle cx="${x + 8}" cy="${y + 10}" r="8" fill="#c62828"/>`;
  }
}

/** A five-pointed star's outline around (x, y). */
function star(x, y) {
  const points = Array.from({ length: 10 }, (_, k) => {
    const r = k % 2 ? 8 : 20;
    const angle = (Math.PI / 5) * k - Math.PI / 2;
    return `${(x + r * Math.cos(angle)).toFixed(1)} ${(y + r * Math.sin(angle)).toFixed(1)}`;
  });
  return `M${points.join('L')}z`;
}

function png(width, height, [top, bottom]) {
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    const t = y / (height - 1);
    for (let x = 0; x < width; x++) {
      const stripe = Math.floor((x + y) / 24) % 2 === 0 ? 1 : 0.9;
      for (let c = 0; c < 3; c++) row[1 + x * 3 + c] = Math.round((top[c] * (1 - t) + bottom[c] * t) * stripe);
    }
    rows.push(row);
  }
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
