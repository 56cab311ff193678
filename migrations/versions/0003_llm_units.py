"""llm units: the fanned-out model work of the chain (issue 10)

Adds ``llm_unit`` (DESIGN §3): one row per clause batch (phase ``find``) or analysed
clause (phase ``analyse``) of a document, with its inputs, output, cost and timings,
unique on (document, phase, unit key, pipeline version). The downgrade drops it.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 06:20:00
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel.sql.sqltypes


revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('llm_unit',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tenant_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('document_id', sa.Integer(), nullable=False),
    sa.Column('phase', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('unit_key', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('pipeline_version', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('fingerprint', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('executions', sa.Integer(), nullable=False),
    sa.Column('task_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
    sa.Column('worker', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=True),
    sa.Column('request', sa.JSON(), nullable=False),
    sa.Column('output', sa.JSON(), nullable=True),
    sa.Column('calls', sa.Integer(), nullable=False),
    sa.Column('prompt_tokens', sa.Integer(), nullable=False),
    sa.Column('completion_tokens', sa.Integer(), nullable=False),
    sa.Column('cached_tokens', sa.Integer(), nullable=True),
    sa.Column('llm_seconds', sa.Float(), nullable=True),
    sa.Column('seconds', sa.Float(), nullable=True),
    sa.Column('queue_wait_seconds', sa.Float(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['document_id'], ['document.id'], ),
    sa.ForeignKeyConstraint(['tenant_id'], ['tenant.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('document_id', 'phase', 'unit_key', 'pipeline_version', name='uq_llm_unit')
    )
    op.create_index(op.f('ix_llm_unit_document_id'), 'llm_unit', ['document_id'], unique=False)
    op.create_index(op.f('ix_llm_unit_tenant_id'), 'llm_unit', ['tenant_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_llm_unit_tenant_id'), table_name='llm_unit')
    op.drop_index(op.f('ix_llm_unit_document_id'), table_name='llm_unit')
    op.drop_table('llm_unit')
