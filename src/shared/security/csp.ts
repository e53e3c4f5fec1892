/**
 * The renderer's Content-Security-Policy. index.html carries the same policy in a meta tag (a unit
 * test keeps the two equal); the browser shell also sends it as a header. No remote connect-src:
 * all network traffic goes through the core. Frames only from the app's own origin (template
 * previews, served with a stricter policy of their own).
 */
export const RENDERER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  // Template previews: their own documents from the app's origin, each with its own sandboxing CSP.
  "frame-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');
