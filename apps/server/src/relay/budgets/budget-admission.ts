import type { RelayReply } from '../relay-exchange.js';
import { RelayError } from '../relay-error.js';
import type { BudgetLedger } from './budget-ledger.js';
import { isoInZone, type PeriodBounds } from './budget-period.js';
import type { BudgetScope } from './budget-scope.js';
import type { Budgets } from './budgets.js';

/**
 * What an admitted request holds on its budgets until it ends: its reservation, counted as spent. `settle`
 * records the exact charge; `end` replaces the reservation by that charge (or gives it back when nothing was
 * charged), once, however the request ended. Counted in the period the request was admitted in.
 */
export class BudgetTicket {
  private charged = 0;
  private ended = false;

  constructor(
    private readonly ledger: BudgetLedger,
    private readonly scopes: readonly BudgetScope[],
    private readonly periods: readonly PeriodBounds[],
    private readonly reservation: number,
    private readonly inRedis: boolean,
  ) {}

  settle(quota: number): void {
    this.charged = quota;
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.ledger.add(this.scopes, this.periods, this.charged - this.reservation, this.inRedis);
  }
}

/**
 * Lets the request in, holding its reservation (the quota it pre-consumes) on each budget, or refuses it with a
 * 429 in the client's protocol (through the relay's error handler) naming the budget and when it refills, with
 * Retry-After in seconds. Nothing is charged for a refusal.
 */
export async function admitBudgets(budgets: Budgets, scopes: BudgetScope[], reservation: number, reply: RelayReply): Promise<BudgetTicket> {
  const zone = budgets.zone;
  const { ledger } = budgets;
  const verdict = await ledger.admit(scopes, reservation, zone);
  if (verdict.refusedBy < 0) return new BudgetTicket(ledger, scopes, verdict.periods, reservation, verdict.inRedis);
  const scope = scopes[verdict.refusedBy]!;
  const { end } = verdict.periods[verdict.refusedBy]!;
  reply.headers({ 'retry-after': String(Math.max(1, Math.ceil((end - ledger.now()) / 1000))) });
  throw budgetExceeded(scope, verdict.spent, reservation, isoInZone(end, zone));
}

const ADJECTIVE = { day: 'daily', week: 'weekly', month: 'monthly' } as const;
const OWNER = { key: 'this key', user: 'this user', group: 'this user’s group' } as const;

/** A 429 whose code (budget_exceeded) and message name the budget, its spend and its refill time. */
function budgetExceeded(scope: BudgetScope, spent: number, reservation: number, refillsAt: string): RelayError {
  const { amount, period } = scope.budget;
  const message = `the ${ADJECTIVE[period]} budget of ${OWNER[scope.owner]} is used up: ${spent} of ${amount} quota spent this ${period}, this request needs ${reservation}; it refills at ${refillsAt}`;
  return new RelayError(429, message, 'budget_exceeded', 'budget_exceeded');
}
