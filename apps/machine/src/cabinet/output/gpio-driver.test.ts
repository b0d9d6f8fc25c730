import { describe, expect, it } from 'vitest';
import { gpiosetArgs, gpiosetMajor, openGpioDriver, runCommand } from './gpio-driver.ts';

// This machine has no GPIO hardware: these tests check the command lines the driver runs, that the
// installed gpioset (Debian's gpiod, installed by .ci/run) takes them, and the refusals.
describe('the GPIO driver (no GPIO chip on this machine)', () => {
  it('builds a pulse for libgpiod 1 (bookworm) and libgpiod 2 (trixie)', () => {
    expect(gpiosetArgs(1, 'gpiochip0', 17, 100, false)).toEqual(['--mode=time', '--usec=100000', 'gpiochip0', '17=1']);
    expect(gpiosetArgs(1, 'gpiochip0', 17, 100, true)).toEqual(['--active-low', '--mode=time', '--usec=100000', 'gpiochip0', '17=1']);
    expect(gpiosetArgs(2, 'gpiochip1', 4, 80, true)).toEqual(['--chip', 'gpiochip1', '--active-low', '--toggle', '80ms,0', '4=1']);
  });

  it('runs a command line the installed gpioset accepts: it fails on the missing chip, not on its options', async () => {
    const major = await gpiosetMajor();
    const attempt = runCommand('gpioset', gpiosetArgs(major, 'gpiochip99', 3, 50, true), 5_000);
    await expect(attempt).rejects.toThrow(/No such file or directory/);
    await expect(runCommand('gpioset', ['--no-such-option', 'gpiochip99', '3=1'], 5_000)).rejects.toThrow(/unrecognized|invalid|unknown/i);
  });

  it('refuses a chip that is not there, and a chip name that is not one', async () => {
    await expect(openGpioDriver({ chip: 'gpiochip99', activeLow: false })).rejects.toThrow('GPIO chip /dev/gpiochip99 not found');
    await expect(openGpioDriver({ chip: '../sda', activeLow: false })).rejects.toThrow('not a GPIO chip name');
  });

  it('names Debian’s gpiod package when gpioset is missing', async () => {
    const missing = () => Promise.reject(Object.assign(new Error('spawn gpioset ENOENT'), { code: 'ENOENT' }));
    await expect(gpiosetMajor(missing)).rejects.toThrow("install Debian's gpiod package");
    await expect(gpiosetMajor(() => Promise.resolve('gpioset (libgpiod) v3.0.0\n'))).rejects.toThrow('a version this driver does not know');
    await expect(gpiosetMajor(() => Promise.resolve('gpioset (libgpiod) v2.1\n'))).resolves.toBe(2);
  });
});
