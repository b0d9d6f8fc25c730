import { expect, it } from 'vitest';
import { headingSlugger } from './heading-ids';

it('makes the ids GitHub makes, numbering repeats', () => {
  const slug = headingSlugger();
  expect(slug('Two jackpots: the brands and the machines')).toBe('two-jackpots-the-brands-and-the-machines');
  expect(slug('GET /api/rules?lang=en|tr|ar')).toBe('get-apiruleslangentrar');
  expect(slug('`reelcast start` & co.')).toBe('reelcast-start--co');
  expect(slug('Çark ve Ödeme')).toBe('çark-ve-ödeme');
  expect(slug('Roles')).toBe('roles');
  expect(slug('Roles')).toBe('roles-1');
  expect(slug('Roles-1')).toBe('roles-1-1');
  expect(slug('Roles')).toBe('roles-2');
  expect(slug('???')).toBe('section');
});
