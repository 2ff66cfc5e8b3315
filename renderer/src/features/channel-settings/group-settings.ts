/** A channel's group settings with their labels (spec 2.3), shown in its details and edited in its settings. */
export const GROUP_SETTINGS = [
  ['can_send_message_group', 'Who can post'],
  ['can_administer_channel_group', 'Who can administer the channel'],
  ['can_add_subscribers_group', 'Who can add subscribers'],
  ['can_remove_subscribers_group', 'Who can remove subscribers'],
  ['can_subscribe_group', 'Who can subscribe themselves'],
] as const;
