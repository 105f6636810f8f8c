// The Worker: answers every request with the smoke result.
import { smoke } from './smoke.mjs';

export default {
  async fetch() {
    return Response.json(await smoke());
  },
};
