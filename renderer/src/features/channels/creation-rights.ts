import { useRealmPermission } from '../../app/permissions';

/** The kinds of channel the person may create: the organization's "who can create" for each. */
export interface ChannelCreationRights {
  public: boolean;
  private: boolean;
}

/** A server that does not say (older than the group settings) lets the person try; its refusal is shown. */
export function useChannelCreationRights(): ChannelCreationRights & { any: boolean } {
  const mayPublic = useRealmPermission('realm_can_create_public_channel_group', true);
  const mayPrivate = useRealmPermission('realm_can_create_private_channel_group', true);
  return { public: mayPublic, private: mayPrivate, any: mayPublic || mayPrivate };
}
