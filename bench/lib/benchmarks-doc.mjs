// Writes one "## …" section of docs/benchmarks.md, leaving every other section as it is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const docFile = path.join(root, 'docs/benchmarks.md');

/** The machine the figures come from, as one line. */
export function machineLine() {
  const [one, five] = os.loadavg();
  return `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version}, load average ${one.toFixed(1)} / ${five.toFixed(1)} at the end of the run`;
}

export function writeSection(heading, body) {
  const current = fs.existsSync(docFile) ? fs.readFileSync(docFile, 'utf8') : '# Benchmarks\n';
  const section = `${heading}\n\n${body.trim()}\n`;
  const start = current.indexOf(`${heading}\n`);
  let next;
  if (start === -1) next = `${current.trimEnd()}\n\n${section}`;
  else {
    const after = current.indexOf('\n## ', start + heading.length);
    next = current.slice(0, start) + section + (after === -1 ? '' : current.slice(after));
  }
  fs.writeFileSync(docFile, next.endsWith('\n') ? next : `${next}\n`);
}

export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The `## {heading}` section as its intro and its `### ` subsections (empty when the section is not there). */
function readSection(heading) {
  const current = fs.existsSync(docFile) ? fs.readFileSync(docFile, 'utf8') : '';
  const start = current.indexOf(`${heading}\n`);
  if (start === -1) return { intro: '', subsections: [] };
  const end = current.indexOf('\n## ', start + heading.length);
  const [head, ...subsections] = current.slice(start + heading.length, end === -1 ? current.length : end + 1).split(/^(?=### )/m);
  return { intro: head.trim(), subsections: subsections.map((text) => text.trim()) };
}

/** The text of `### {subheading}` in the `## {heading}` section, heading line included, or null. */
export function readSubsection(heading, subheading) {
  return readSection(heading).subsections.find((text) => text.startsWith(`${subheading}\n`)) ?? null;
}

/**
 * Writes `### {subheading}` inside the `## {heading}` section: the section's intro is replaced (kept when
 * `intro` is null), its other subsections stay where they are, a new subsection goes last (first with
 * `{ first: true }`).
 */
export function writeSubsection(heading, intro, subheading, body, { first = false } = {}) {
  const section = readSection(heading);
  const subsections = section.subsections;
  const fresh = `${subheading}\n\n${body.trim()}`;
  const at = subsections.findIndex((text) => text.startsWith(`${subheading}\n`));
  if (at !== -1) subsections[at] = fresh;
  else if (first) subsections.unshift(fresh);
  else subsections.push(fresh);
  writeSection(heading, [(intro ?? section.intro).trim(), ...subsections].filter(Boolean).join('\n\n'));
}
