import { useApiQuery } from '../../api/queries';
import { useUsers } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { SafeHtml } from '../../components/SafeHtml';
import { ErrorState, Loading } from '../../components/states';
import { useDialogStore } from '../../state/dialogs';
import { ChannelIcon } from '../../components/icons';
import { Fragment, useMemo } from 'react';
import { GROUP_SETTINGS } from '../channel-settings/group-settings';
import { describeGroupSetting } from '../channel-settings/group-setting';
import { JoinLeaveButton } from './JoinLeaveButton';
import { useMayAdministerChannel } from '../channel-settings/may-administer';
import { ChannelPersonalSettings } from './ChannelPersonalSettings';

export function retentionText(days: number | null | undefined, realmDays: number | null | undefined): string {
  if (days === -1) return 'Forever';
  if (days === null || days === undefined)
    return `Organization default (${realmDays === null || realmDays === undefined || realmDays === -1 ? 'forever' : `${realmDays} days`})`;
  return `${days} days`;
}

/** Right pane for a channel: GET /streams/{stream_id}. */
export function ChannelDetails({ streamId }: { streamId: number }) {
  const users = useUsers();
  const open = useDialogStore((s) => s.open);
  const realmRetention = useInitialState((s) => s.realm_message_retention_days);
  const groupList = useInitialState((s) => s.realm_user_groups);
  const groups = useMemo(() => new Map((groupList ?? []).map((g) => [g.id, g])), [groupList]);
  const realmAddSubscribers = useInitialState((s) => s.realm_can_add_subscribers_group);
  const query = useApiQuery('getStreamById', { stream_id: streamId });
  const mayAdminister = useMayAdministerChannel({
    can_administer_channel_group: query.data?.stream.can_administer_channel_group,
  });
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  const c = query.data.stream;
  const describe = (value: Parameters<typeof describeGroupSetting>[0]) =>
    describeGroupSetting(value, groups, (id) => users.get(id)?.full_name ?? `User ${id}`);
  const creator = c.creator_id ? users.get(c.creator_id)?.full_name : null;
  return (
    <section className="details" data-testid="channel-details" aria-label="Channel details">
      <h2>
        <ChannelIcon inviteOnly={c.invite_only} webPublic={c.is_web_public} /> {c.name}
      </h2>
      <JoinLeaveButton channel={c} testId="channel-join-leave" />
      {c.rendered_description ? (
        <SafeHtml className="rendered" html={c.rendered_description} testId="channel-description" />
      ) : (
        <p className="muted">No description.</p>
      )}
      <dl className="facts">
        <dt>Privacy</dt>
        <dd data-testid="channel-privacy">
          {c.invite_only ? 'Private' : c.is_web_public ? 'Web-public' : 'Public'}
        </dd>
        {c.invite_only && (
          <>
            <dt>History</dt>
            <dd>{c.history_public_to_subscribers ? 'Visible to new subscribers' : 'Protected'}</dd>
          </>
        )}
        <dt>Message retention</dt>
        <dd data-testid="channel-retention">{retentionText(c.message_retention_days, realmRetention)}</dd>
        {c.date_created !== undefined && (
          <>
            <dt>Created</dt>
            <dd>
              {new Date(c.date_created * 1000).toLocaleDateString()}
              {creator ? ` by ${creator}` : ''}
            </dd>
          </>
        )}
        {c.stream_weekly_traffic !== undefined && c.stream_weekly_traffic !== null && (
          <>
            <dt>Traffic</dt>
            <dd>
              {c.stream_weekly_traffic} {c.stream_weekly_traffic === 1 ? 'message' : 'messages'} a week
            </dd>
          </>
        )}
        {GROUP_SETTINGS.filter(([name]) => c[name] !== undefined).map(([name, label]) => (
          <Fragment key={name}>
            <dt>{label}</dt>
            <dd data-testid={`channel-${name}`}>
              {permissionText(name, describe(c[name]), {
                isPublic: !c.invite_only,
                organizationAdds: realmAddSubscribers === undefined ? null : describe(realmAddSubscribers),
              })}
            </dd>
          </Fragment>
        ))}
        {c.is_archived && (
          <>
            <dt>Status</dt>
            <dd>Archived</dd>
          </>
        )}
      </dl>
      {mayAdminister && (
        <button
          type="button"
          className="btn"
          data-testid="open-channel-settings"
          onClick={() => open({ kind: 'channel-settings', streamId })}
        >
          Channel settings
        </button>
      )}
      <button
        type="button"
        className="btn btn-link"
        data-testid="mark-channel-read"
        onClick={() => open({ kind: 'mark-all-read', scope: { kind: 'channel', streamId } })}
      >
        Mark channel as read
      </button>
      <ChannelPersonalSettings streamId={streamId} />
    </section>
  );
}

/**
 * A channel permission as it works, as in the real service: in a public channel anyone but guests
 * may subscribe themselves whatever the setting says (it only adds people), and the organization's
 * own "who can add subscribers" holds besides the channel's.
 */
function permissionText(
  name: string,
  described: string,
  realm: { isPublic: boolean; organizationAdds: string | null },
): string {
  if (name === 'can_subscribe_group' && realm.isPublic)
    return described === 'Nobody'
      ? 'Anyone but guests (the channel is public)'
      : `${described}, and anyone but guests (the channel is public)`;
  if (name === 'can_add_subscribers_group' && realm.organizationAdds && realm.organizationAdds !== 'Nobody')
    return described === 'Nobody'
      ? `${realm.organizationAdds} (the organization's setting)`
      : `${described}, and ${realm.organizationAdds} (the organization's setting)`;
  return described;
}
