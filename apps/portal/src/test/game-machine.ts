import type { Machine } from '@reelcast/protocol';

/** A machine of GET /machine/all that a game screen opens: its game socket and WHEP addresses on a test agent. */
export const bookOfRa: Machine = {
  id: 3,
  name: 'Book of Ra',
  status: 'idle',
  image: '',
  brand: 'Novomatic',
  brandId: 1,
  reservation: null,
  address: 'http://agent.test/machines/3',
  video: 'http://agent.test/machines/3/whep',
};
