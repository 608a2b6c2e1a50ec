import { Check } from 'lucide-react';
import { PLANS, PRICES, type Plan } from '@swingfit/contracts';
import { annualPerMonth } from './payment-logic';
import './subscribe.css';

/** The two plans as a radio group; amounts from contracts' PRICES (one place). */
export function PlanPicker({ plan, onChange, disabled }: { plan: Plan; onChange: (plan: Plan) => void; disabled?: boolean }) {
  const order: Plan[] = [...PLANS].reverse();
  return (
    <div className="sub-plans" role="radiogroup" aria-label="Choose your plan">
      {order.map((p) => {
        const price = PRICES[p];
        const chosen = p === plan;
        return (
          <button
            key={p}
            type="button"
            role="radio"
            aria-checked={chosen}
            disabled={disabled}
            className={`sub-plan${chosen ? ' sub-plan--chosen' : ''}`}
            onClick={() => onChange(p)}
            data-testid={`plan-${p}`}
          >
            <span className="sub-plan__tick" aria-hidden>
              {chosen && <Check size={14} />}
            </span>
            <span className="sub-plan__body">
              <span className="sub-plan__name">
                {price.name}
                {price.savingPercent > 0 && <span className="sub-plan__save">Save {price.savingPercent}%</span>}
              </span>
              <span className="sub-plan__note">{p === 'annual' ? `${annualPerMonth()}/month, billed yearly` : 'Billed monthly, cancel any time'}</span>
            </span>
            <span className="sub-plan__price">
              {price.amount}
              <small>/{price.interval}</small>
            </span>
          </button>
        );
      })}
    </div>
  );
}
