import { Badge, List, Popup, Tabs } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { beijingMinute, formatBeijing } from '#shared/beijing-time.ts';
import type { Message } from '#shared/orders.ts';
import { listMessages, markAllMessagesRead, markMessageRead } from '../../api/messages.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { useRemote } from '../../components/ui/use-remote.ts';
import { useT } from '../../i18n/index.ts';
import styles from '../../components/ui/list-page.module.css';
import { badgeText } from '../../components/ui/badge.ts';
import own from './message.module.css';

export { badgeText } from '../../components/ui/badge.ts';

const PAGE_SIZE = 50;

/** Marks one message read in a loaded list (the server answered the new unread count). */
export function readLocally(list: Message[], id: number): Message[] {
  return list.map((m) => (m.id === id ? { ...m, read: true } : m));
}

/**
 * 站内信: notices of purchase, payment, claims and surrender, newest first. Tapping one marks it read
 * and shows it (with a way to where it points); 全部已读 clears the unread count.
 */
export default function MessageView() {
  const t = useT();
  const navigate = useNavigate();
  const [tab, setTab] = useState<'all' | 'unread'>('all');
  const [pages, setPages] = useState(1);
  const remote = useRemote(() => listMessages(1, PAGE_SIZE * pages), [pages]);
  const [list, setList] = useState<Message[]>([]);
  const [unread, setUnread] = useState(0);
  const [open, setOpen] = useState<Message | null>(null);

  useEffect(() => {
    if (!remote.data) return;
    setList(remote.data.list);
    setUnread(remote.data.unread);
  }, [remote.data]);

  const show = async (m: Message) => {
    setOpen(m);
    if (m.read) return;
    setList((l) => readLocally(l, m.id));
    setUnread((n) => Math.max(0, n - 1));
    try {
      setUnread(await markMessageRead(m.id));
    } catch {
      await remote.reload();
    }
  };

  const readAll = async () => {
    await markAllMessagesRead();
    setList((l) => l.map((m) => ({ ...m, read: true })));
    setUnread(0);
  };

  const shown = tab === 'all' ? list : list.filter((m) => !m.read);
  const more = remote.data && remote.data.total > list.length;

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <div className={own.bar}>
          <Tabs activeKey={tab} onChange={(k) => setTab(k as 'all' | 'unread')} className={own.tabs}>
            <Tabs.Tab key="all" title={t('message.all')} />
            <Tabs.Tab
              key="unread"
              title={
                <Badge content={badgeText(unread)} data-testid="unread-badge">
                  {t('message.unread')}
                </Badge>
              }
            />
          </Tabs>
          <Button
            size="small"
            fill="none"
            color="primary"
            className={own.readAll}
            data-testid="read-all"
            disabled={unread === 0}
            onClick={() => void readAll().catch(() => undefined)}
          >
            {t('message.readAll')}
          </Button>
        </div>
      </div>
      {remote.data && shown.length === 0 ? (
        <EmptyState
          title={t(tab === 'all' ? 'message.empty' : 'message.emptyUnread')}
          description={t('message.emptyHint')}
        >
          <Button size="small" onClick={() => navigate('/policy/index')}>
            {t('message.toPolicies')}
          </Button>
        </EmptyState>
      ) : (
        <List className={own.list}>
          {shown.map((m) => (
            <List.Item
              key={m.id}
              onClick={() => void show(m)}
              prefix={
                // The unread dot beside the tag, not over it (a Polish tag fills its box).
                <span className={own.prefix}>
                  <span className={m.read ? own.noDot : own.dot} aria-hidden />
                  <span className={own.type}>{t(`message.type.${m.type}`)}</span>
                </span>
              }
              description={<span className={own.preview}>{m.body}</span>}
              extra={<span className={own.time}>{formatBeijing(m.createdAt, 'MM-DD HH:mm')}</span>}
              aria-label={`${m.read ? t('message.read') : t('message.unread')} ${m.title}`}
            >
              <span className={m.read ? own.titleRead : own.title}>{m.title}</span>
            </List.Item>
          ))}
        </List>
      )}
      {more && (
        <div className={own.more}>
          <Button size="small" loading={remote.loading} onClick={() => setPages((p) => p + 1)}>
            {t('message.more')}
          </Button>
        </div>
      )}
      <Popup
        visible={open !== null}
        onMaskClick={() => setOpen(null)}
        onClose={() => setOpen(null)}
        showCloseButton
        bodyClassName={own.popup}
      >
        {open && (
          <article className={own.detail} aria-label={open.title}>
            <h2>{open.title}</h2>
            <time>{beijingMinute(open.createdAt)}</time>
            <p>{open.body}</p>
            {open.link && (
              <Button
                block
                color="primary"
                onClick={() => {
                  setOpen(null);
                  navigate(open.link!);
                }}
              >
                {t('message.open')}
              </Button>
            )}
          </article>
        )}
      </Popup>
    </div>
  );
}
