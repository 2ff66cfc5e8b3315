import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useUsers } from '../../../app/realm';
import { useInitialState } from '../../../app/session';
import { SafeHtml } from '../../../components/SafeHtml';
import { useChannelIndex } from '../../channels/hooks';
import { loadUnicodeEmoji } from '../../reactions/emoji';
import { previewLinkifiers } from './linkify';
import { renderPreview, type PreviewLookup } from './render-preview';

/** Resolves the service's syntax against the register state (and the emoji data the picker uses). */
export function usePreviewLookup(): PreviewLookup {
  const users = useUsers();
  const groups = useInitialState((s) => s.realm_user_groups);
  const channels = useChannelIndex();
  const realmEmoji = useInitialState((s) => s.realm_emoji);
  const linkifierList = useInitialState((s) => s.realm_linkifiers);
  const unicode = useQuery({
    queryKey: ['emoji', 'unicode'],
    queryFn: loadUnicodeEmoji,
    staleTime: Infinity,
  });
  return useMemo(() => {
    const usersByName = new Map<string, { id: number; name: string }>();
    for (const u of users.values())
      if (u.is_active !== false && !usersByName.has(u.full_name.toLowerCase()))
        usersByName.set(u.full_name.toLowerCase(), { id: u.user_id, name: u.full_name });
    const channelsByName = new Map([...channels.values()].map((c) => [c.name.toLowerCase(), c]));
    const linkifiers = previewLinkifiers(linkifierList ?? []);
    const codes = new Map<string, string>();
    for (const e of unicode.data ?? []) for (const n of [e.name, ...(e.aliases ?? [])]) codes.set(n, e.code);
    return {
      linkifiers,
      user(name, id) {
        if (id === undefined) return usersByName.get(name.toLowerCase());
        const u = users.get(id);
        return u && { id: u.user_id, name: u.full_name };
      },
      group(name) {
        return groups?.find((g) => !g.deactivated && g.name === name);
      },
      channel(name) {
        const c = channelsByName.get(name.toLowerCase());
        return c && { id: c.stream_id, name: c.name };
      },
      emoji(name) {
        const custom = Object.values(realmEmoji ?? {}).find((e) => !e.deactivated && e.name === name);
        if (custom) return { url: custom.source_url };
        const code = codes.get(name);
        return code ? { code } : undefined;
      },
    };
  }, [users, groups, channels, realmEmoji, linkifierList, unicode.data]);
}

/** The message as it will look once sent (see render-preview.ts for how it is rendered). */
export function ComposePreview({ text }: { text: string }) {
  const lookup = usePreviewLookup();
  const html = useMemo(() => renderPreview(text, lookup), [text, lookup]);
  return (
    <div className="compose-preview" data-testid="compose-preview" aria-label="Preview" role="region">
      {text.trim() ? (
        <SafeHtml html={html} className="rendered" testId="compose-preview-content" />
      ) : (
        <p className="muted">Nothing to preview.</p>
      )}
    </div>
  );
}
