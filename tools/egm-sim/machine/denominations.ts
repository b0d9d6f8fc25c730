/** SAS accounting denomination codes (SAS 6.02 Table C-4), by value in cents. */
export const DENOMINATION_CODES = new Map<number, number>([
  [1, 0x01],
  [2, 0x17],
  [5, 0x02],
  [10, 0x03],
  [20, 0x0b],
  [25, 0x04],
  [50, 0x05],
  [100, 0x06],
  [200, 0x0c],
  [250, 0x0d],
  [500, 0x07],
  [1000, 0x08],
  [2000, 0x09],
  [10000, 0x0a],
]);
