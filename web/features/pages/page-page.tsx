// `/:slug`: a standalone page (About, Contact), server-rendered with its body; no category, tags or byline.
import { useLoaderData } from 'react-router-dom';
import type { Page } from '../../../contracts/pages';
import { can } from '../../../contracts/permissions';
import { Link } from '../../components/link';
import { Prose } from '../../components/prose';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { withSeo } from '../../lib/seo-head';
import { useSession } from '../../lib/session';

export const loader: PageModule['loader'] = ({ params }, { reads }) => reads.page(params.slug ?? '');

export const handle: RouteHandle = {
  // The author's SEO fields over the page's own head, as for a post (web/lib/seo-head.ts).
  head: (data, _params, site) => {
    const page = data as Page;
    const head = withSeo(
      {
        title: page.title,
        description: page.excerpt,
        canonicalPath: paths.page(page.slug),
        image: paths.pageCard(page.slug),
        imageAlt: page.title,
        noindex: page.status !== 'published',
      },
      page.seo,
    );
    return {
      ...head,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'WebPage',
        name: page.title,
        description: head.description,
        url: head.canonicalUrl ?? paths.page(page.slug),
        dateModified: page.updatedAt,
        isPartOf: { '@type': 'WebSite', name: site.title, url: paths.home() },
        ...(head.image ? { image: head.image } : {}),
      },
    };
  },
};

export function Component() {
  const page = useLoaderData() as Page;
  const { user } = useSession();
  return (
    <main id="main" className="page">
      <article className="post standalone-page">
        <header className="post-header">
          <h1>{page.title}</h1>
          {page.status !== 'published' || can(user, 'pages.manage') ? (
            <p className="post-meta">
              {page.status !== 'published' ? <span className="badge">Draft</span> : null}{' '}
              {can(user, 'pages.manage') ? <Link to={paths.admin.page(page.slug)}>Edit page</Link> : null}
            </p>
          ) : null}
        </header>
        {/* bodyHtml is rendered and sanitised by the Worker (markdown-it, raw HTML off, safe links only). */}
        <Prose html={page.bodyHtml} />
      </article>
    </main>
  );
}
