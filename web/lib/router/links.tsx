// Link, NavLink and Form: the same markup as React Router's, and in-app navigation on an ordinary click
// or a GET submit; everything else (a new tab, another origin, a modified click) is left to the browser.
import { forwardRef, type AnchorHTMLAttributes, type FormHTMLAttributes, type SubmitEvent, type MouseEvent } from 'react';
import { useLocation, useNavigate } from './render';

type RouterProps = { replace?: boolean; state?: unknown; reloadDocument?: boolean; preventScrollReset?: boolean; viewTransition?: boolean; discover?: string; relative?: string };
export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & RouterProps & { to: string };

const isExternal = (to: string) => /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(to);
const pathOf = (l: { pathname: string; search: string; hash: string }) => l.pathname + l.search + l.hash;

/** The address `to` names from the current one (React Router resolves an absolute path as it is). */
function resolve(to: string, from: string): string {
  if (isExternal(to)) return to;
  const url = new URL(to, `http://in.app${from}`);
  return pathOf(url);
}

const isPlainLeftClick = (e: MouseEvent<HTMLAnchorElement>, target: string | undefined) =>
  e.button === 0 && (!target || target === '_self') && !(e.metaKey || e.altKey || e.ctrlKey || e.shiftKey);

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const { to, replace, state, reloadDocument, preventScrollReset: _p, viewTransition: _v, discover: _d, relative: _r, onClick, ...rest } = props;
  const location = useLocation();
  const navigate = useNavigate();
  const href = resolve(to, location.pathname);
  const external = isExternal(href);
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || reloadDocument || external || !isPlainLeftClick(e, rest.target)) return;
    e.preventDefault();
    navigate(href, { replace: replace ?? href === pathOf(location), state });
  };
  return <a {...rest} ref={ref} href={href} onClick={click} data-discover={external ? undefined : 'true'} />;
});

type NavLinkProps = Omit<LinkProps, 'className'> & { end?: boolean; className?: string | ((s: { isActive: boolean; isPending: boolean }) => string | undefined) };

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ end, className, ...rest }, ref) {
  const { pathname } = useLocation();
  const target = resolve(rest.to, pathname).split(/[?#]/)[0]!.toLowerCase();
  const here = pathname.toLowerCase();
  const isActive = here === target || (!end && here.startsWith(target) && here.charAt(target.length) === '/');
  const classes = typeof className === 'function' ? className({ isActive, isPending: false }) : [className, isActive ? 'active' : undefined].filter(Boolean).join(' ');
  return <Link {...rest} ref={ref} className={classes} aria-current={isActive ? 'page' : undefined} />;
});

type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'method' | 'action'> & RouterProps & { method?: string; action?: string; navigate?: boolean };

/** A GET form navigates in the app to its action with the fields as the query; any other method posts as usual. */
export const Form = forwardRef<HTMLFormElement, FormProps>(function Form(props, ref) {
  const { method = 'get', action, replace, state, reloadDocument, preventScrollReset: _p, viewTransition: _v, discover: _d, relative: _r, navigate: _n, onSubmit, ...rest } = props;
  const location = useLocation();
  const navigate = useNavigate();
  const formAction = action ?? location.pathname + location.search;
  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    onSubmit?.(e);
    if (e.defaultPrevented || reloadDocument || method.toLowerCase() !== 'get') return;
    e.preventDefault();
    const submitter = (e.nativeEvent as globalThis.SubmitEvent).submitter;
    const fields = new URLSearchParams(new FormData(e.currentTarget, submitter) as unknown as Record<string, string>).toString();
    navigate(`${resolve(formAction, location.pathname).split(/[?#]/)[0]}${fields ? `?${fields}` : ''}`, { replace, state });
  };
  return <form {...rest} ref={ref} method={method.toLowerCase()} action={formAction} onSubmit={submit} data-discover="true" />;
});
