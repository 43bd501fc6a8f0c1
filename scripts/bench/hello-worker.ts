// The benchmark's baseline: the cheapest Worker there is, served by the same `wrangler dev` (workerd)
// as Byline. Its req/s is the ceiling the runtime allows on this machine.
export default {
  fetch(): Response {
    return new Response('<!doctype html><title>Hello</title><p>Hello, world.</p>', {
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
  },
};
