import type { GroupBudget } from '@tollgate/contract';
import type { OptionReader } from '../limits/group-limits.js';
import { budgetSetOf, type BudgetSet } from './budget-scope.js';

/**
 * The GroupBudgets option, parsed once per change of its text: a lookup per request is one string comparison
 * and, when any group has a budget, one map read. A value the option rules refused never gets here; anything
 * unreadable is treated as no budgets rather than failing requests.
 */
export class GroupBudgets {
  private parsedFrom = '';
  private byGroup = new Map<string, BudgetSet>();

  constructor(private readonly options: OptionReader) {}

  of(group: string): BudgetSet | undefined {
    const text = this.options.str('GroupBudgets');
    if (text !== this.parsedFrom) this.parse(text);
    return this.byGroup.size === 0 ? undefined : this.byGroup.get(group);
  }

  private parse(text: string) {
    this.parsedFrom = text;
    this.byGroup = new Map();
    let table: Record<string, GroupBudget>;
    try {
      table = JSON.parse(text || '{}') as Record<string, GroupBudget>;
    } catch {
      return;
    }
    for (const [group, budget] of Object.entries(table ?? {})) {
      const set = budgetSetOf(Number.isInteger(budget?.amount) ? budget.amount : 0, String(budget?.period ?? ''));
      if (set) this.byGroup.set(group, set);
    }
  }
}
