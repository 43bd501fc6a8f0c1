// Security rule 6: where a sign-in may send the browser afterwards. Used by the login pages and by the
// Worker's answer to a login form posted before hydration.

/** A redirect target is kept only when it is a path on this site: `/…`, never `//…`, `/\…` or a scheme. */
export function safeRedirectPath(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  if (/[\u0000-\u001f\\]/.test(target)) return '/';
  return target;
}
