import type { FastifyInstance } from 'fastify';

/**
 * The images the seeded organization refers to (realm icon, custom emoji), served the way a real
 * deployment serves its static files, so clients resolve and load them like any server URL.
 */
const ASSETS: Record<string, string> = {
  '/static/images/northwind-icon.svg':
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">' +
    '<rect width="128" height="128" rx="24" fill="#1f4e79"/>' +
    '<path d="M64 18 L82 64 L64 110 L46 64 Z" fill="#f2c14e"/>' +
    '<circle cx="64" cy="64" r="9" fill="#1f4e79"/></svg>',
  '/static/emoji/northwind.svg':
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
    '<circle cx="32" cy="32" r="30" fill="#1f4e79"/>' +
    '<path d="M32 8 L41 32 L32 56 L23 32 Z" fill="#f2c14e"/></svg>',
};

export function registerStaticAssets(app: FastifyInstance): void {
  for (const [path, svg] of Object.entries(ASSETS)) {
    app.get(path, async (_request, reply) => {
      void reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
    });
  }
}
