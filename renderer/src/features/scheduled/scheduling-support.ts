import { FeatureLevel } from '../../../../shared/api/feature-levels';
import { useInitialState } from '../../app/session';

/**
 * Whether the server schedules messages (level 179); one that does not is offered no menu or view
 * rather than an error after the fact. An unknown level is taken as the newest.
 */
export function useSchedulingSupported(): boolean {
  const level = useInitialState((s) => s.service_feature_level);
  return level === undefined || level >= FeatureLevel.scheduledMessages;
}
