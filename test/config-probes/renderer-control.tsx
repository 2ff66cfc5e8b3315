// probe-as: renderer/src/features/config-probe-control.tsx
// What the renderer may do: DOM globals, React, shared/, its own folders.
// typecheck: passes
// lint: passes
import { useState } from 'react';
import type { ChatBridge } from '../../../shared/ipc';
import { isExternalUrl } from '../bridge/index';

export function Probe({ bridge }: { bridge: ChatBridge }) {
  const [title] = useState(() => document.title);
  const open = () => {
    if (isExternalUrl(location.href)) void bridge.openExternal(location.href);
  };
  return <button onClick={open}>{title}</button>;
}
