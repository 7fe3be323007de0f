/**
 * The scale bench's plan check: every statement an endpoint sent to PostgreSQL (captured by
 * scale-sql-capture.mjs while the bench calls the endpoint once) is EXPLAINed with the parameters
 * it was sent with, and a plan that reads a whole table of more than SEQ_SCAN_ROW_LIMIT rows
 * (a sequential scan) fails the endpoint.
 */
import { readFile } from 'node:fs/promises';
import type pg from 'pg';

export const SEQ_SCAN_ROW_LIMIT = 10_000;

export interface CapturedStatement {
  text: string;
  values: unknown[];
}

export interface SeqScan {
  table: string;
  rows: number;
  statement: string;
}

export interface PlanCheck {
  statements: number;
  seqScans: SeqScan[];
  /** The read that took longest when run again with EXPLAIN ANALYZE (writes are not run again). */
  slowest: { ms: number; statement: string } | null;
}

/** The capture file's lines from byte `from` on (what the server sent since then). */
export async function capturedSince(file: string, from: number): Promise<{ statements: CapturedStatement[]; end: number }> {
  const contents = await readFile(file).catch(() => Buffer.alloc(0));
  const lines = contents.subarray(from).toString('utf8').split('\n').filter(Boolean);
  return { statements: lines.map((line) => JSON.parse(line) as CapturedStatement), end: contents.length };
}

/** Statements with a plan (transaction control, locks and settings have none worth reading). */
const PLANNED = /^\s*(select|with|update|delete|insert)\b/i;
/** Reads only: these may be run again to time them. */
const READ_ONLY = /^\s*(select|with)\b(?![\s\S]*\b(insert|update|delete|for share)\b)/i;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScannedTables(node: PlanNode, found: Set<string>): Set<string> {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) found.add(node['Relation Name']);
  for (const child of node.Plans ?? []) seqScannedTables(child, found);
  return found;
}

/** Estimated rows per table (pg_class.reltuples, exact enough after the seed's ANALYZE). */
async function tableRows(client: pg.Client): Promise<Map<string, number>> {
  const { rows } = await client.query<{ relname: string; reltuples: number }>(
    `SELECT relname, reltuples::float8 AS reltuples FROM pg_class WHERE relkind IN ('r', 'p') AND relnamespace = 'public'::regnamespace`,
  );
  return new Map(rows.map((row) => [row.relname, Number(row.reltuples)]));
}

/** A statement shortened for the report: one line, at most 160 characters. */
const brief = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 160);

export async function checkPlans(client: pg.Client, statements: CapturedStatement[]): Promise<PlanCheck> {
  const sizes = await tableRows(client);
  const distinct = new Map<string, CapturedStatement>();
  for (const statement of statements) if (PLANNED.test(statement.text) && !distinct.has(statement.text)) distinct.set(statement.text, statement);
  const seqScans: SeqScan[] = [];
  let slowest: PlanCheck['slowest'] = null;
  for (const statement of distinct.values()) {
    const analyse = READ_ONLY.test(statement.text);
    const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode; 'Execution Time'?: number }[] }>(
      `EXPLAIN (${analyse ? 'ANALYZE, ' : ''}FORMAT JSON) ${statement.text}`,
      statement.values,
    );
    const explained = rows[0]!['QUERY PLAN'][0]!;
    for (const table of seqScannedTables(explained.Plan, new Set())) {
      const size = sizes.get(table) ?? 0;
      if (size > SEQ_SCAN_ROW_LIMIT) seqScans.push({ table, rows: size, statement: brief(statement.text) });
    }
    const ms = explained['Execution Time'] ?? 0;
    if (analyse && (!slowest || ms > slowest.ms)) slowest = { ms, statement: brief(statement.text) };
  }
  return { statements: distinct.size, seqScans, slowest };
}
