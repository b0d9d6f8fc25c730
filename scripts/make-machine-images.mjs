// Draws the seeded machine and brand images into apps/platform/media (committed output).
// Machines get SVG cabinets; each brand gets the PNG fallback SPEC §3 names: /assets/machines/{brand}.png.
// Run: node scripts/make-machine-images.mjs
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

function cabinet(name, brand, i) {
  const [a, b] = brand.colors.map((c) => `rgb(${c.join(',')})`);
  const symbols = ['7', 'BAR', '★', '$', '♦', 'W'];
  const reel = (x, k) =>
    `<rect x="${x}" y="92" width="64" height="84" rx="6" fill="#fff"/><text x="${x + 32}" y="146" font-size="26" text-anchor="middle" font-family="sans-serif" font-weight="700" fill="#222">${symbols[(i + k) % symbols.length]}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240" role="img" aria-label="${name}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="320" height="240" rx="16" fill="url(#g)"/>
<text x="160" y="52" font-size="26" text-anchor="middle" font-family="sans-serif" font-weight="800" fill="#fff">${name}</text>
<text x="160" y="76" font-size="13" text-anchor="middle" font-family="sans-serif" fill="#fff" opacity=".85">${brand.name}</text>
${[52, 128, 204].map((x, k) => reel(x, k)).join('')}
<rect x="40" y="196" width="240" height="24" rx="12" fill="#000" opacity=".35"/>
<text x="160" y="213" font-size="13" text-anchor="middle" font-family="sans-serif" fill="#ffd54f">SPIN</text>
</svg>
`;
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
