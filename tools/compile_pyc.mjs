// Compile a zip of Python sources to bytecode with the very Python the page runs.
//
// tools/pack.py runs this under Node: Pyodide from node_modules (the pinned npm package,
// the same files static/vendor/pyodide/ holds) compiles every .py of the input zip into a
// sourceless .pyc beside it (the .py itself is dropped; data files stay as they are), and
// writes the output zip. The bytecode is checked by no timestamp or hash (nothing could
// change it in the page) and fits only this Python (3.14 in Pyodide 314.x), which is why
// the machine's own Python cannot make it.
//
// With a fourth argument, a file naming modules one per line (# comments), only those are
// compiled; the other .py files stay as they are (tools/vendor.py does this for the
// standard library: what the page imports at its start is compiled, the rest stays source).
//
// With --no-docstrings, docstrings are dropped before compiling (an AST pass; asserts stay, as
// they do not with OPTIMIZE 2): tools/pack.py does this for game, which never reads __doc__.
//
// Usage: node tools/compile_pyc.mjs [--no-docstrings] IN.zip OUT.zip OPTIMIZE [MODULES]
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const noDocstrings = args.includes("--no-docstrings");
const [input, output, optimize, only] = args.filter((arg) => arg !== "--no-docstrings");
const { loadPyodide } = await import(path.join(root, "node_modules/pyodide/pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: path.join(root, "node_modules/pyodide/") });
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(input));
pyodide.FS.writeFile("/tmp/only.txt", only ? readFileSync(only) : "*");
pyodide.runPython(`
import ast, importlib.util, io, marshal, zipfile
FIXED_DATE = (1980, 1, 1, 0, 0, 0)
NO_DOCSTRINGS = ${noDocstrings ? "True" : "False"}
def without_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree
names = [line.split("#")[0].strip() for line in open("/tmp/only.txt").read().splitlines()]
only = None if names == ["*"] else {n for n in names if n}
def wanted(path):
    if only is None:
        return True
    parts = path[:-3].split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts) in only
out = io.BytesIO()
with zipfile.ZipFile("/tmp/in.zip") as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
    for info in sorted(src.infolist(), key=lambda i: i.filename):
        data = src.read(info)
        name = info.filename
        if name.endswith(".py") and wanted(name):
            source = without_docstrings(ast.parse(data, name)) if NO_DOCSTRINGS else data
            code = compile(source, name, "exec", dont_inherit=True, optimize=${Number(optimize)})
            # the header of an unchecked hash-based .pyc (PEP 552): magic, flags 0b01, 8 bytes
            data = importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little") + bytes(8) + marshal.dumps(code)
            name += "c"
        entry = zipfile.ZipInfo(name, FIXED_DATE)
        entry.compress_type = zipfile.ZIP_DEFLATED
        entry.external_attr = 0o644 << 16
        dst.writestr(entry, data)
open("/tmp/out.zip", "wb").write(out.getvalue())
`);
writeFileSync(output, pyodide.FS.readFile("/tmp/out.zip"));
