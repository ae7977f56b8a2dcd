"""Records how often real MindSpore code uses each MindSpore name into msjax, for `msjax coverage`.

    python tools/record_usage.py [../shared/reference/mindspore_usage_in_real_code.tsv]

Reads the usage scan (how many of 5,358 real MindSpore files -- MindCV, MindSpore's docs and
tutorials, mindspore-ai/models, mindnlp -- use each name) and writes its name, namespace and
file count columns to `msjax/_src/reference/mindspore_usage_in_real_code.tsv`, so that the
coverage command and the tests never need `../shared`.
"""
import csv
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
DEFAULT_SOURCE = ROOT.parent / "shared" / "reference" / "mindspore_usage_in_real_code.tsv"
OUT = ROOT / "msjax" / "_src" / "reference" / "mindspore_usage_in_real_code.tsv"


def main(source=DEFAULT_SOURCE) -> None:
    lines = pathlib.Path(source).read_text().splitlines()
    header = [line for line in lines if line.startswith("#")]
    rows = list(csv.DictReader((line for line in lines if not line.startswith("#")),
                               delimiter="\t"))
    out = [*header, f"# Recorded from {pathlib.Path(source).name} by tools/record_usage.py.",
           "name\tnamespace\tfiles"]
    out += [f"{row['name']}\t{row['namespace']}\t{int(row['files'])}" for row in rows]
    OUT.write_text("\n".join(out) + "\n")
    print(f"{OUT.relative_to(ROOT)}: {len(rows)} names, "
          f"{sum(int(r['files']) for r in rows)} name uses")


if __name__ == "__main__":
    main(*sys.argv[1:])
