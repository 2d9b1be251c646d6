//! Structural Verilog export, and runs of Icarus Verilog and Verilator on it.
//!
//! Every gate becomes the Verilog gate primitive of the same function (`and`, `nand`, …
//! with any number of inputs), whose 0/1/x tables (IEEE 1364) are exactly Kleene's strong
//! logic, so a Verilog simulator is an independent check of the ternary engines.
//! Signal names are escaped injectively: `n` + the name with every character other than
//! a letter or digit written `_hh` (hex), so `N1` → `nN1`, `a_b` → `na_5fb`; output ports
//! are `o` + the same escape. Flip-flops become `always @(posedge clk)` registers that
//! start `x`.

use crate::{vectors::format_vector, Netlist, NodeKind, SourceKind, Ternary};
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

fn escape(prefix: &str, name: &str) -> String {
    let mut s = String::from(prefix);
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            s.push(c);
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                let _ = write!(s, "_{b:02x}");
            }
        }
    }
    s
}

/// The Verilog identifier of a signal.
#[must_use]
pub fn signal(name: &str) -> String {
    escape("n", name)
}

/// The Verilog identifier of the output port showing a signal.
#[must_use]
pub fn output_port(name: &str) -> String {
    escape("o", name)
}

/// The module name for a netlist.
#[must_use]
pub fn module_name(netlist: &Netlist) -> String {
    escape("m", netlist.name())
}

/// Structural Verilog for a netlist: ports are the inputs (declaration order), then the
/// outputs, then `clk` if there are flip-flops.
#[must_use]
pub fn to_verilog(netlist: &Netlist) -> String {
    let mut v = String::new();
    let has_clk = netlist.dffs().next().is_some();
    let mut ports: Vec<String> = netlist
        .inputs()
        .iter()
        .map(|&i| signal(netlist.name_of(i)))
        .collect();
    ports.extend(
        netlist
            .outputs()
            .iter()
            .map(|&o| output_port(netlist.name_of(o))),
    );
    if has_clk {
        ports.push("clk".into());
    }
    let _ = writeln!(
        v,
        "// {} — structural Verilog written by ludomat-logic",
        netlist.name()
    );
    let _ = writeln!(v, "module {} ({});", module_name(netlist), ports.join(", "));
    for &i in netlist.inputs() {
        let _ = writeln!(v, "  input {};", signal(netlist.name_of(i)));
    }
    if has_clk {
        let _ = writeln!(v, "  input clk;");
    }
    for &o in netlist.outputs() {
        let _ = writeln!(v, "  output {};", output_port(netlist.name_of(o)));
    }
    for (k, node) in netlist.nodes().iter().enumerate() {
        let out = signal(&node.name);
        let ins: Vec<String> = node
            .fanin
            .iter()
            .map(|&f| signal(netlist.name_of(f)))
            .collect();
        match node.kind {
            NodeKind::Source(SourceKind::Button) => {}
            NodeKind::Source(SourceKind::Supply) => {
                let _ = writeln!(v, "  wire {out} = 1'b1;");
            }
            NodeKind::Source(SourceKind::Ground) => {
                let _ = writeln!(v, "  wire {out} = 1'b0;");
            }
            NodeKind::Gate(g) => {
                let _ = writeln!(
                    v,
                    "  wire {out};\n  {} g{k} ({out}, {});",
                    g.verilog(),
                    ins.join(", ")
                );
            }
            NodeKind::Lamp => {
                let _ = writeln!(v, "  wire {out};\n  buf g{k} ({out}, {});", ins.join(", "));
            }
            NodeKind::Dff => {
                let _ = writeln!(
                    v,
                    "  reg {out};\n  initial {out} = 1'bx;\n  always @(posedge clk) {out} <= {};",
                    ins.join(", ")
                );
            }
        }
    }
    for &o in netlist.outputs() {
        let name = netlist.name_of(o);
        let _ = writeln!(v, "  assign {} = {};", output_port(name), signal(name));
    }
    let _ = writeln!(v, "endmodule");
    v
}

/// A Verilog tool that failed or is missing.
#[derive(Debug, thiserror::Error)]
pub enum ToolError {
    /// The program could not be started (not installed?).
    #[error("cannot run {program}: {source} (install it: apt-get install iverilog verilator)")]
    Missing {
        /// The program.
        program: String,
        /// Why.
        source: std::io::Error,
    },
    /// The program ran and failed.
    #[error("{program} failed: {stderr}")]
    Failed {
        /// The program.
        program: String,
        /// Its error output.
        stderr: String,
    },
    /// Files could not be written or read.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The run was stopped (Ctrl-C) while the tool ran; the tool was ended.
    #[error("stopped while {program} ran")]
    Stopped {
        /// The program.
        program: String,
    },
    /// The tool's output could not be read back.
    #[error("unexpected output from {program}: {detail}")]
    BadOutput {
        /// The program.
        program: String,
        /// What was wrong.
        detail: String,
    },
}

fn run(
    cmd: &mut Command,
    dir: &Path,
    stop: &dyn Fn() -> bool,
) -> Result<(String, Duration), ToolError> {
    let program = cmd.get_program().to_string_lossy().into_owned();
    let start = Instant::now();
    let out = ludomat_io::child::output_unless(cmd.current_dir(dir), stop)
        .map_err(|source| ToolError::Missing {
            program: program.clone(),
            source,
        })?
        .ok_or_else(|| ToolError::Stopped {
            program: program.clone(),
        })?;
    let took = start.elapsed();
    if !out.status.success() {
        let mut stderr = String::from_utf8_lossy(&out.stderr).to_string();
        stderr.push_str(&String::from_utf8_lossy(&out.stdout));
        return Err(ToolError::Failed { program, stderr });
    }
    Ok((String::from_utf8_lossy(&out.stdout).to_string(), took))
}

/// The result of running vectors through an external simulator.
#[derive(Debug, Clone)]
pub struct ToolRun {
    /// Output values per vector.
    pub outputs: Vec<Vec<Ternary>>,
    /// Time spent simulating the vectors (see each runner for what it includes).
    pub seconds: f64,
}

fn read_outputs(
    text: &str,
    count: usize,
    width: usize,
    program: &str,
) -> Result<Vec<Vec<Ternary>>, ToolError> {
    let mut out = Vec::with_capacity(count);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: Option<Vec<Ternary>> = line
            .trim()
            .chars()
            .map(|c| match c {
                'z' | 'Z' => Some(Ternary::Unknown),
                c => Ternary::from_char(c),
            })
            .collect();
        match v {
            Some(v) if v.len() == width => out.push(v),
            _ => {
                return Err(ToolError::BadOutput {
                    program: program.into(),
                    detail: format!(
                        "line {} is not {width} bits",
                        ludomat_io::text::quoted(line, 60)
                    ),
                })
            }
        }
    }
    if out.len() != count {
        return Err(ToolError::BadOutput {
            program: program.into(),
            detail: format!("{} result lines for {count} vectors", out.len()),
        });
    }
    Ok(out)
}

/// Run vectors (0/1/x) through Icarus Verilog (`iverilog` + `vvp`) in one batch: the
/// testbench loads every vector with `$readmemb`, applies them one per time step and
/// writes the outputs (`%b`, so unknowns come back as `x`). Flip-flops are clocked after
/// each vector's outputs are written. `seconds` is the wall time of `vvp`.
pub fn run_icarus(netlist: &Netlist, vectors: &[Vec<Ternary>]) -> Result<ToolRun, ToolError> {
    run_icarus_unless(netlist, vectors, &|| false)
}

/// [`run_icarus`], ended with [`ToolError::Stopped`] as soon as `stop` says so (asked
/// every 10 ms while a tool runs; the tools run in a process group of their own, which a
/// terminal's Ctrl-C does not reach).
pub fn run_icarus_unless(
    netlist: &Netlist,
    vectors: &[Vec<Ternary>],
    stop: &dyn Fn() -> bool,
) -> Result<ToolRun, ToolError> {
    let dir = tempfile::tempdir()?;
    let ni = netlist.inputs().len();
    let no = netlist.outputs().len();
    ludomat_io::write::atomically(dir.path().join("dut.v"), to_verilog(netlist))?;
    let mut text = String::with_capacity(vectors.len() * (ni + 1));
    for v in vectors {
        text += &format_vector(v);
        text.push('\n');
    }
    ludomat_io::write::atomically(dir.path().join("in.txt"), text)?;
    let has_clk = netlist.dffs().next().is_some();
    let mut conns: Vec<String> = netlist
        .inputs()
        .iter()
        .enumerate()
        .map(|(k, &i)| format!(".{}(pi[{k}])", signal(netlist.name_of(i))))
        .collect();
    conns.extend(
        netlist
            .outputs()
            .iter()
            .enumerate()
            .map(|(k, &o)| format!(".{}(po[{k}])", output_port(netlist.name_of(o)))),
    );
    if has_clk {
        conns.push(".clk(clk)".into());
    }
    let count = vectors.len();
    let clock = if has_clk { " clk = 1; #1 clk = 0;" } else { "" };
    let tb = format!(
        "`timescale 1ns/1ns
module tb;
  reg [0:{ni_1}] mem [0:{count_1}];
  reg [0:{ni_1}] pi;
  wire [0:{no_1}] po;
  reg clk;
  integer i, f;
  {module} dut ({conns});
  initial begin
    clk = 0;
    $readmemb(\"in.txt\", mem);
    f = $fopen(\"out.txt\", \"w\");
    for (i = 0; i < {count}; i = i + 1) begin
      pi = mem[i];
      #1 $fdisplay(f, \"%b\", po);{clock}
    end
    $fclose(f);
    $finish;
  end
endmodule
",
        ni_1 = ni.max(1) - 1,
        no_1 = no.max(1) - 1,
        count_1 = count.max(1) - 1,
        module = module_name(netlist),
        conns = conns.join(", "),
    );
    ludomat_io::write::atomically(dir.path().join("tb.v"), tb)?;
    run(
        Command::new("iverilog").args(["-o", "sim.vvp", "tb.v", "dut.v"]),
        dir.path(),
        stop,
    )?;
    let (_, took) = run(
        Command::new("vvp").args(["-n", "sim.vvp"]),
        dir.path(),
        stop,
    )?;
    let text = ludomat_io::read::to_string(dir.path().join("out.txt"))?;
    Ok(ToolRun {
        outputs: read_outputs(&text, count, no, "vvp")?,
        seconds: took.as_secs_f64(),
    })
}

/// Run two-valued vectors through Verilator (combinational netlists only): builds a C++
/// harness that sets every input port, calls `eval()` and reads every output port per
/// vector; `seconds` is that loop alone, timed inside the harness. The build (`verilator
/// --build -O3`) is not counted. Verilator is two-valued, so `x` inputs are refused.
pub fn run_verilator(netlist: &Netlist, vectors: &[Vec<Ternary>]) -> Result<ToolRun, ToolError> {
    run_verilator_unless(netlist, vectors, &|| false)
}

/// [`run_verilator`], ended with [`ToolError::Stopped`] as soon as `stop` says so (see
/// [`run_icarus_unless`]).
pub fn run_verilator_unless(
    netlist: &Netlist,
    vectors: &[Vec<Ternary>],
    stop: &dyn Fn() -> bool,
) -> Result<ToolRun, ToolError> {
    if netlist.dffs().next().is_some() || vectors.iter().flatten().any(|t| !t.is_known()) {
        return Err(ToolError::BadOutput {
            program: "verilator".into(),
            detail: "the Verilator run takes combinational netlists and 0/1 vectors only".into(),
        });
    }
    let dir = tempfile::tempdir()?;
    let module = module_name(netlist);
    ludomat_io::write::atomically(dir.path().join("dut.v"), to_verilog(netlist))?;
    let ni = netlist.inputs().len();
    let no = netlist.outputs().len();
    let mut bits = String::with_capacity(vectors.len() * ni);
    for v in vectors {
        bits += &format_vector(v);
    }
    ludomat_io::write::atomically(dir.path().join("in.txt"), bits)?;
    let mut set = String::new();
    for (k, &i) in netlist.inputs().iter().enumerate() {
        let _ = writeln!(set, "      top->{} = v[{k}];", signal(netlist.name_of(i)));
    }
    let mut get = String::new();
    for (k, &o) in netlist.outputs().iter().enumerate() {
        let _ = writeln!(
            get,
            "      o[{k}] = top->{};",
            output_port(netlist.name_of(o))
        );
    }
    let harness = format!(
        "#include \"V{module}.h\"
#include \"verilated.h\"
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
int main(int argc, char** argv) {{
  std::ifstream in(\"in.txt\");
  std::stringstream ss; ss << in.rdbuf();
  std::string s = ss.str();
  const size_t ni = {ni}, no = {no}, count = {count};
  std::vector<unsigned char> iv(s.size());
  for (size_t i = 0; i < s.size(); i++) iv[i] = s[i] == '1';
  std::vector<unsigned char> ov(count * no);
  VerilatedContext* ctx = new VerilatedContext;
  V{module}* top = new V{module}{{ctx}};
  auto t0 = std::chrono::steady_clock::now();
  for (size_t n = 0; n < count; n++) {{
      const unsigned char* v = &iv[n * ni];
      unsigned char* o = &ov[n * no];
{set}      top->eval();
{get}  }}
  auto t1 = std::chrono::steady_clock::now();
  std::FILE* f = std::fopen(\"out.txt\", \"w\");
  for (size_t n = 0; n < count; n++) {{
    for (size_t k = 0; k < no; k++) std::fputc(ov[n * no + k] ? '1' : '0', f);
    std::fputc('\\n', f);
  }}
  std::fclose(f);
  std::printf(\"%.9f\\n\", std::chrono::duration<double>(t1 - t0).count());
  top->final(); delete top; delete ctx;
  return 0;
}}
",
        count = vectors.len()
    );
    ludomat_io::write::atomically(dir.path().join("harness.cpp"), harness)?;
    run(
        Command::new("verilator").args([
            "--cc",
            "dut.v",
            "--exe",
            "harness.cpp",
            "--build",
            "-O3",
            "-Wno-fatal",
            "-Wno-lint",
            "-Wno-style",
            "--top-module",
            &module,
            "-Mdir",
            "obj",
            "-CFLAGS",
            "-O2",
        ]),
        dir.path(),
        stop,
    )?;
    let (stdout, _) = run(
        &mut Command::new(dir.path().join("obj").join(format!("V{module}"))),
        dir.path(),
        stop,
    )?;
    let seconds = stdout
        .trim()
        .parse::<f64>()
        .map_err(|_| ToolError::BadOutput {
            program: "verilator harness".into(),
            detail: format!("timing line {}", ludomat_io::text::quoted(&stdout, 60)),
        })?;
    let text = ludomat_io::read::to_string(dir.path().join("out.txt"))?;
    Ok(ToolRun {
        outputs: read_outputs(&text, vectors.len(), no, "verilator harness")?,
        seconds,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_is_injective_and_plain() {
        assert_eq!(signal("N1"), "nN1");
        assert_eq!(signal("123"), "n123");
        assert_eq!(signal("a_b"), "na_5fb");
        assert_ne!(signal("a_5fb"), signal("a_b"));
        assert!(!signal("_x_").contains("__"));
    }

    #[test]
    fn c17_text() {
        let n =
            Netlist::from_bench("c17", "INPUT(1)\nINPUT(2)\nOUTPUT(3)\n3 = NAND(1, 2)\n").unwrap();
        let v = to_verilog(&n);
        assert!(v.contains("module mc17 (n1, n2, o3);"), "{v}");
        assert!(v.contains("nand g2 (n3, n1, n2);"), "{v}");
        assert!(v.contains("assign o3 = n3;"), "{v}");
    }
}
