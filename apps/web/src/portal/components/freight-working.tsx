import { CHARGE_MODE_LABELS, type EndpointData, formatMeasure, MATCHED_BY_LABELS, type portalApi, type RfqInfo } from '@scm/contract';
import { formatCount, Money } from '@/shared/ui/money';
import { Fact, Facts, Notice, Tag } from '@/shared/ui/plain-controls';

type Estimate = EndpointData<typeof portalApi.estimateFreight>;

/**
 * The freight estimated from the supplier's own template to the task's delivery region, with its
 * working as the 配送费用估算 page shows it: the matched row, Q, the free-shipping check, the formula
 * and each line's share (docs/rules/freight.md).
 */
export function FreightWorking({ estimate, lines, regionName }: { estimate: Estimate; lines: RfqInfo['task']['lines']; regionName: string }) {
  if (estimate.groups.length === 0) return <Notice type="warning" title="没有可用的配送模板，请改为手工填写运费" />;
  return (
    <div className="portal-stack" data-testid="freight-working">
      {estimate.groups.map((group) => (
        <div key={group.templateId}>
          {group.error && <Notice type="error" title={group.error} />}
          <div className="portal-working">
            <Facts columns={1}>
              <Fact label="配送模板">
                {group.templateName} <Tag>{CHARGE_MODE_LABELS[group.chargeMode]}</Tag>
              </Fact>
              <Fact label="送至">{regionName}</Fact>
              <Fact label="匹配规则">
                {group.matchedBy ? `${MATCHED_BY_LABELS[group.matchedBy]}（第${(group.matchedRow ?? 0) + 1}条规则）` : '-'}
              </Fact>
              <Fact label="计费量 Q">{group.chargeMode === 'piece' ? `${formatCount(group.q)} 件` : formatMeasure(group.chargeMode, group.q)}</Fact>
              <Fact label="货值">
                <Money fen={group.amountFen} prefix="¥" />
              </Fact>
              <Fact label="包邮">{group.freeNote ?? '无适用的包邮规则'}</Fact>
              <Fact label="计算过程">
                <code className="portal-formula">{group.formula || '-'}</code>
              </Fact>
              <Fact label="运费">{group.error ? '无法配送' : <Money fen={group.feeFen} prefix="¥" />}</Fact>
            </Facts>
          </div>
          {!group.error && group.items.length > 1 && (
            <div className="portal-split">
              <div className="portal-muted">各行分摊</div>
              {group.items.map((item) => (
                <div key={item.index} className="portal-row-link">
                  <span className="portal-grow">{lines[item.index]?.commodityName ?? `第 ${item.index + 1} 行`}</span>
                  <Money fen={item.feeFen} prefix="¥" />
                </div>
              ))}
            </div>
          )}
        </div>
      ))}
      <div className="portal-total">
        估算运费合计 <Money fen={estimate.totalFen} prefix="¥" />
      </div>
    </div>
  );
}
