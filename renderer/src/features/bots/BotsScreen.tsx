import { useState } from 'react';
import type { RealmBot } from '../../api/model';
import { useBridge } from '../../app/bridge-context';
import { useSelfId } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { Empty, Loading } from '../../components/states';

/**
 * The organization's bots the user may see (`realm_bots`: their own, or all for administrators),
 * kept current by `realm_bot` events.
 * Keys never come with that list: "Show API key" asks main for one bot's key, per click, and the
 * key lives only in this row's state until hidden or the screen closes.
 */
export function BotsScreen() {
  const bots = useInitialState((s) => s.realm_bots);
  const selfId = useSelfId();
  return (
    <div className="settings-page" data-testid="bots-screen">
      <h2>Bots</h2>
      <p className="muted small">
        A bot signs in with its own API key. Anyone holding the key can act as the bot: show it only to copy
        it into the bot’s configuration.
      </p>
      {bots === undefined ? (
        <Loading />
      ) : bots.length === 0 ? (
        <Empty>You have no bots.</Empty>
      ) : (
        <ul className="card-list" data-testid="bots-list">
          {bots.map((bot) => (
            <BotRow key={bot.user_id} bot={bot} own={bot.owner_id === selfId} />
          ))}
        </ul>
      )}
    </div>
  );
}

function BotRow({ bot, own }: { bot: RealmBot; own: boolean }) {
  const bridge = useBridge();
  const [key, setKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const reveal = async () => {
    setPending(true);
    setError(null);
    try {
      const result = await bridge.bots.revealApiKey(bot.user_id);
      if (result.ok) setKey(result.value.api_key);
      else setError(result.error.kind === 'api' ? result.error.msg : 'The key could not be read.');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };
  return (
    <li className="card" data-testid={`bot-${bot.user_id}`}>
      <header className="card-header">
        <strong className="ellipsis">{bot.full_name}</strong>
        <span className="muted small ellipsis">{bot.email}</span>
        {bot.is_active === false && (
          <span className="badge muted small" data-testid="bot-deactivated">
            Deactivated
          </span>
        )}
      </header>
      {own ? (
        <div className="card-actions">
          {key !== null && (
            <code className="bot-key" data-testid="bot-key">
              {key}
            </code>
          )}
          {/* One button that shows, then hides, the key: the keyboard's focus stays on it. */}
          <button
            type="button"
            className="btn btn-small"
            data-testid={key === null ? 'bot-show-key' : 'bot-hide-key'}
            disabled={pending}
            onClick={() => (key === null ? void reveal() : setKey(null))}
          >
            {key !== null ? 'Hide' : pending ? 'Reading…' : 'Show API key'}
          </button>
        </div>
      ) : (
        <p className="muted small">Only its owner can see this bot’s API key.</p>
      )}
      {error && (
        <p className="form-error" role="alert" data-testid="bot-key-error">
          {error}
        </p>
      )}
    </li>
  );
}
