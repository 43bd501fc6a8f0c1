// `/admin/dashboard`: counts, posts published per week over 12 weeks (SVG + the numbers as a table),
// the latest posts and sign-ups.
import { Link, useLoaderData } from 'react-router-dom';
import type { AdminStats, WeeklyCount } from '../../../contracts/admin';
import { can } from '../../../contracts/permissions';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { useDates, type SiteDates } from '../../components/format';
import { StatusBadge } from '../../components/post-card';
import { AdminPage } from './admin-kit';

export const loader: PageModule['loader'] = (_args, { reads }) => reads.admin.stats();

export const handle: RouteHandle = { head: () => ({ title: 'Dashboard', noindex: true }) };

function WeeklyChart({ weekly, dates }: { weekly: WeeklyCount[]; dates: SiteDates }) {
  const width = 640;
  const height = 220;
  const pad = { top: 16, right: 12, bottom: 36, left: 32 };
  const max = Math.max(1, ...weekly.map((w) => w.count));
  const barSpace = (width - pad.left - pad.right) / Math.max(1, weekly.length);
  const scale = (n: number) => ((height - pad.top - pad.bottom) * n) / max;
  const total = weekly.reduce((s, w) => s + w.count, 0);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="weekly-title weekly-desc" className="chart-svg">
        <title id="weekly-title">Posts published per week, last 12 weeks</title>
        <desc id="weekly-desc">
          {total} posts in 12 weeks; the most in one week was {max === 1 && total === 0 ? 0 : max}. The same numbers are in the table below.
        </desc>
        <line x1={pad.left} x2={width - pad.right} y1={height - pad.bottom} y2={height - pad.bottom} className="chart-axis" />
        <text x={pad.left - 6} y={pad.top + 4} textAnchor="end" className="chart-label">
          {max}
        </text>
        <text x={pad.left - 6} y={height - pad.bottom} textAnchor="end" className="chart-label">
          0
        </text>
        {weekly.map((w, i) => {
          const h = scale(w.count);
          const x = pad.left + i * barSpace + barSpace * 0.15;
          return (
            <g key={w.weekStart}>
              <rect x={x} y={height - pad.bottom - h} width={barSpace * 0.7} height={h} className="chart-bar" rx={3} />
              {w.count > 0 ? (
                <text x={x + barSpace * 0.35} y={height - pad.bottom - h - 4} textAnchor="middle" className="chart-value">
                  {w.count}
                </text>
              ) : null}
              {i % 2 === 0 ? (
                <text x={x + barSpace * 0.35} y={height - pad.bottom + 16} textAnchor="middle" className="chart-label">
                  {dates.formatShortDay(w.weekStart)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <details>
        <summary>Show the numbers</summary>
        <table className="data-table">
          <caption className="visually-hidden">Posts published per week</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">Posts published</th>
            </tr>
          </thead>
          <tbody>
            {weekly.map((w) => (
              <tr key={w.weekStart}>
                <td>{dates.formatDate(w.weekStart)}</td>
                <td>{w.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

export function Component() {
  const stats = useLoaderData() as AdminStats;
  const dates = useDates();
  // Accounts are admins' (users.manage): an editor's links lead to the posts list and the public author pages.
  const managesUsers = can(useSession().user, 'users.manage');
  const cards = [
    { label: 'Published', value: stats.counts.published, to: `${paths.admin.posts()}?status=published` },
    { label: 'Drafts', value: stats.counts.drafts, to: `${paths.admin.posts()}?status=draft` },
    { label: 'Scheduled', value: stats.counts.scheduled, to: `${paths.admin.posts()}?status=scheduled` },
    // The review queue: posts contributors submitted, waiting for an editor to publish or return them.
    { label: 'Pending review', value: stats.counts.pending, to: `${paths.admin.posts()}?status=pending` },
    { label: 'Authors', value: stats.counts.authors, to: managesUsers ? paths.admin.users() : paths.admin.posts() },
    { label: 'Categories', value: stats.counts.categories, to: paths.admin.categories() },
  ];
  return (
    <AdminPage title="Dashboard">
      <ul className="stat-cards">
        {cards.map((c) => (
          <li key={c.label}>
            <Link to={c.to} className="stat-card">
              <span className="stat-value">{c.value}</span>
              <span className="stat-label">{c.label}</span>
            </Link>
          </li>
        ))}
      </ul>
      <section aria-labelledby="weekly-heading">
        <h2 id="weekly-heading">Published per week</h2>
        <WeeklyChart weekly={stats.weekly} dates={dates} />
      </section>
      <div className="admin-columns">
        <section aria-labelledby="latest-posts-heading">
          <h2 id="latest-posts-heading">Latest posts</h2>
          <ul className="plain-list">
            {stats.latestPosts.map((p) => (
              <li key={p.slug}>
                <Link to={paths.admin.post(p.slug)}>{p.title}</Link> <StatusBadge post={p} />{' '}
                <span className="muted">by {p.author.name}</span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="latest-users-heading">
          <h2 id="latest-users-heading">Latest sign-ups</h2>
          <ul className="plain-list">
            {stats.latestUsers.map((u) => (
              <li key={u.username}>
                <Link to={managesUsers ? paths.admin.user(u.username) : paths.author(u.username)}>{u.name}</Link> <span className="muted">@{u.username}</span>{' '}
                <span className="muted">· {dates.formatDate(u.createdAt)}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </AdminPage>
  );
}
