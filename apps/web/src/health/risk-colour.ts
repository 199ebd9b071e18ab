import type { RiskLevel } from '@schoolflow/contracts';

/** A risk level's label colour, the same on every health page. */
export const RISK_COLOUR: Readonly<Record<RiskLevel, 'green' | 'orange' | 'red'>> = { low: 'green', medium: 'orange', high: 'red' };
