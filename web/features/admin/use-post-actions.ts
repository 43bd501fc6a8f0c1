// The admin posts list's actions: publish, unpublish, schedule and delete one post, each reported in the
// page's status line and followed by a fresh list.
import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router-dom';
import type { PostSummary } from '../../../contracts/posts';
import { useDates } from '../../components/format';
import { useApi } from '../../lib/api-context';
import { useFlash } from './admin-kit';
import { deleteAdminPost, setPostStatus } from './api';
import { defaultScheduleAt, postActionError, scheduleTime } from './post-actions';

export interface Scheduling {
  post: PostSummary;
  at: string;
}

export function usePostActions() {
  const api = useApi();
  const { zone } = useDates();
  const revalidator = useRevalidator();
  const [flash, setFlash] = useFlash();
  const [busy, setBusy] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PostSummary | null>(null);
  const [scheduling, setScheduling] = useState<Scheduling | null>(null);

  async function act(post: PostSummary, label: string, run: () => Promise<unknown>) {
    setBusy(post.slug);
    setFlash(null);
    try {
      await run();
      setFlash({ kind: 'ok', text: `“${post.title}” ${label}.` });
    } catch (error) {
      setFlash({ kind: 'error', text: postActionError(error, post) });
    } finally {
      setBusy(null);
      revalidator.revalidate();
    }
  }

  const setStatus = (post: PostSummary, status: 'draft' | 'published', publishedAt: string | null, label: string) =>
    act(post, label, () => setPostStatus(api, post.slug, { status, publishedAt, version: post.version }));

  function submitSchedule(e: FormEvent) {
    e.preventDefault();
    if (!scheduling) return;
    const time = scheduleTime(scheduling.at, Date.now(), zone);
    if ('error' in time) return setFlash({ kind: 'error', text: time.error });
    const { post } = scheduling;
    setScheduling(null);
    void setStatus(post, 'published', time.at.toISOString(), 'is scheduled');
  }

  function confirmDelete() {
    const post = deleting;
    if (!post) return;
    setDeleting(null);
    void act(post, 'is deleted', () => deleteAdminPost(api, post.slug));
  }

  return {
    flash,
    busy,
    publish: (post: PostSummary) => void setStatus(post, 'published', null, 'is published'),
    unpublish: (post: PostSummary) => void setStatus(post, 'draft', null, 'is unpublished'),
    scheduling,
    startSchedule: (post: PostSummary) => setScheduling({ post, at: defaultScheduleAt(Date.now(), zone) }),
    setScheduleAt: (at: string) => setScheduling((s) => (s ? { ...s, at } : s)),
    cancelSchedule: () => setScheduling(null),
    submitSchedule,
    deleting,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete,
  };
}

export type PostActions = ReturnType<typeof usePostActions>;
