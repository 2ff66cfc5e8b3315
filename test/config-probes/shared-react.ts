// probe-as: shared/config-probe-react.ts
// lint: zones/zone-imports
import { useState } from 'react';

export const hook = useState;
