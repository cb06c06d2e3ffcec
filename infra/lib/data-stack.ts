import { TABLE_DEFINITION } from '@goldbot/shared';
import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { SeedDefaults } from './constructs/seed-defaults.js';
import type { LogLevel } from './settings.js';

export interface DataStackProps extends StackProps {
  /** LOG_LEVEL of the seeding function (default info). */
  readonly logLevel?: LogLevel;
}

/**
 * The single table (docs/decisions.md, "Data: one table"; docs/data-model.md), built from the same TABLE_DEFINITION the local bootstrap uses,
 * so AWS and `npm start` cannot drift apart. It lives in its own stack because it holds the data:
 * the API and web stacks can be destroyed and recreated freely, this one is retained. The table's
 * starting items (catalog, settings, default templates) are seeded here at deploy time, each only if
 * absent (constructs/seed-defaults.ts).
 */
export class DataStack extends Stack {
  readonly table: Table;
  readonly seed: SeedDefaults;

  constructor(scope: Construct, id: string, props: DataStackProps = {}) {
    super(scope, id, props);

    this.table = new Table(this, TABLE_DEFINITION.logicalName, {
      partitionKey: { name: TABLE_DEFINITION.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_DEFINITION.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      // One-time codes and rate-limit counters expire by themselves (epoch seconds in expiresAt).
      timeToLiveAttribute: TABLE_DEFINITION.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      encryption: TableEncryption.AWS_MANAGED,
      // Customer, payment and ledger data: never deleted by a stack operation.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    for (const index of TABLE_DEFINITION.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        // Admin lists read whole items from the index; ALL avoids a second GetItem per row.
        projectionType: ProjectionType.ALL,
      });
    }

    this.seed = new SeedDefaults(this, 'SeedDefaults', { table: this.table, logLevel: props.logLevel ?? 'info' });

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
  }
}
