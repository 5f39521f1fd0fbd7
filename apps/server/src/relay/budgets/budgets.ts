import type { KeyRecord } from '../auth/key-cache.js';
import type { OptionReader } from '../limits/group-limits.js';
import type { BudgetLedger } from './budget-ledger.js';
import type { BudgetScope, BudgetSet } from './budget-scope.js';
import type { GroupBudgets } from './group-budgets.js';

/** The relay's budgets: the spend ledger, the group defaults and the zone periods are counted in. */
export class Budgets {
  constructor(
    readonly ledger: BudgetLedger,
    readonly groups: GroupBudgets,
    private readonly options: OptionReader,
  ) {}

  /** The BudgetTimeZone option (an IANA name the option rules checked); UTC when unset. */
  get zone(): string {
    return this.options.str('BudgetTimeZone') || 'UTC';
  }

  /** The budget on a user's counter: the user's own, else the group's default. */
  userBudget(own: BudgetSet | undefined, group: string): { budget: BudgetSet; owner: 'user' | 'group' } | undefined {
    if (own) return { budget: own, owner: 'user' };
    const byGroup = this.groups.of(group);
    return byGroup && { budget: byGroup, owner: 'group' };
  }

  /**
   * The counters a request is checked against: its key's, and its user's (own, or the group's default).
   * undefined when none applies: a request without budgets pays two property reads and a map lookup.
   */
  scopesOf(record: KeyRecord): BudgetScope[] | undefined {
    const user = this.userBudget(record.userBudget, record.group);
    if (!record.keyBudget && !user) return undefined;
    const scopes: BudgetScope[] = [];
    if (record.keyBudget) scopes.push({ id: `k${record.tokenId}`, owner: 'key', budget: record.keyBudget, userId: record.userId, tokenId: record.tokenId });
    if (user) scopes.push({ id: `u${record.userId}`, owner: user.owner, budget: user.budget, userId: record.userId });
    return scopes;
  }
}
